/**
 * Text for a Slack incoming webhook (docs/decisions/203-slack-webhook.md). Slack reads `<...>`
 * as links and mentions (`<!here>`, `<@U123>`, `<https://x|y>`) and `&` as the start of an
 * escape, so upstream text has &, < and > escaped, as Slack's own formatting guide asks. Bare
 * `@here`-style words and URLs are broken with a zero-width joiner so they neither notify nor link.
 */
const ZWJ = '\u2060';

export function slackEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@(here|channel|everyone)\b/gi, `@${ZWJ}$1`)
    .replace(/:\/\//g, `:${ZWJ}//`)
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWJ}.`);
}
