/**
 * Escapes text for HTML text or a double-quoted attribute, as React escapes it (so markup built
 * as a string matches React's byte for byte): the digest mail, the cards built as strings.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c as keyof typeof ESCAPES]);
}
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' } as const;
