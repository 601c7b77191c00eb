/**
 * The one form in which emails are stored and compared (docs/decisions/290, "Emails"): trimmed,
 * NFKC-normalised and case-folded. Everything that matches people by email goes through it:
 * sign-up, sign-in, single sign-on and its allowed domains, the users command, the roster.
 *
 * Case folding is JavaScript's lower-casing (Unicode's default mapping): for addresses it differs
 * from full case folding only in ß and the final sigma, which stay distinct, as IDNA2008 keeps
 * them. NFKC runs again after it, since lower-casing may leave a string that is not normalised.
 */
export const normaliseEmail = (email: string) =>
  email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');

/** The normalised form of an allowed domain (`Agency.com`, `@agency.com`). */
export const normaliseDomain = (domain: string) => normaliseEmail(domain).replace(/^@/, '');

/** Every character below U+0080. */
const isAscii = (text: string) => [...text].every((ch) => ch.codePointAt(0)! < 0x80);

/**
 * The first character of an address that only matches another after folding, or null: one that
 * NFKC turns into something else (the Kelvin sign U+212A into K, fullwidth and mathematical
 * letters, ligatures), or one outside ASCII that lower-cases into ASCII. Such an address is
 * refused, never linked: it would otherwise stand for the plain address it imitates.
 */
export function lookalikeCharacter(address: string): string | null {
  for (const ch of address.trim()) {
    if (ch.normalize('NFKC') !== ch.normalize('NFC')) return ch;
    if (!isAscii(ch) && isAscii(ch.toLowerCase())) return ch;
  }
  return null;
}

/** 'U+212A (K, read as k)': a look-alike character as an admin reads it in the audit log. */
export function describeCharacter(ch: string): string {
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `${code} (${ch}, read as ${normaliseEmail(ch)})`;
}
