/**
 * Intl.DateTimeFormat, built once per locale and options: building one costs far more than
 * using it (tens of microseconds against about one), and every page formats times in the
 * agency's zone. The set of locales, options and zones in use is small and fixed, so the cache
 * stays small. Browser-safe: islands use it too.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // Built before it is kept: a zone Intl refuses throws here and is never cached.
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
