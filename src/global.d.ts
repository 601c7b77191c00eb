declare module '*.sql' {
  const text: string;
  export default text;
}

declare module 'virtual:asset-manifest' {
  const manifest: unknown;
  export default manifest;
}
