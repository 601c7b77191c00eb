/**
 * Text from Jira and Forecast, made safe to store and to render (docs/decisions/271): PostgreSQL
 * text cannot hold NUL, other control characters have no business in a name or a note, and
 * private-use characters (U+E000...) and lone surrogates broke hydration. Line breaks and tabs
 * stay; a carriage return becomes a line break, as the HTML parser would make it anyway.
 */

// C0 controls but tab and line feed, DEL, C1 controls, lone surrogates, the private-use areas
// (BMP and planes 15-16) and the two noncharacters U+FFFE and U+FFFF.
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uE000-\uF8FF\uFFFE\uFFFF]|[\uDB80-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CARRIAGE_RETURN = /\r\n?/g;

export function cleanUpstreamText(text: string): string {
  return text.replace(CARRIAGE_RETURN, '\n').replace(UNSAFE, '');
}

/** Whether a raw JSON body may hold text that needs cleaning: an escape, or one of the characters. */
const MAY_NEED_CLEANING = /\\u|\\r|[\u007F-\u009F\uE000-\uF8FF\uD800-\uDFFF\uFFFE\uFFFF]/;

/** JSON.parse with every string cleaned; bodies with nothing to clean cost one regex test. */
export function parseUpstreamJson(text: string): unknown {
  if (!MAY_NEED_CLEANING.test(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value) =>
    typeof value === 'string' ? cleanUpstreamText(value) : value,
  );
}
