/**
 * An SVG as a CSS url(), for an icon the stylesheet draws with `mask` in the text's colour.
 * Percent-encoding every character doubled the icons' share of the stylesheet and spoiled its
 * compression; inside url("…") only `"`, `#` and `%` need it. Each icon is one path.
 */
export const svgUrl = (svg: string) =>
  `url("data:image/svg+xml,${svg.replace(/[%#"]/g, encodeURIComponent)}")`;
