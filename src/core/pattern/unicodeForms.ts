/**
 * Names that read the same but are written in another Unicode normalization form. A name made on
 * macOS (and kept so by archives and some copies) is often decomposed, NFD: "café" as "cafe" and
 * a combining acute accent; a model types the composed form, NFC, one "é". The two print the
 * same, so an empty answer to "café.md" beside a file that reads "café.md" would leave the model
 * nothing to go on. A pattern therefore matches a name when the two match once both are NFC
 * (pattern.ts), and names are shown as they are on disk, never normalized.
 *
 * ASCII text is the same in every form, so a pattern written in ASCII is matched exactly as
 * before, at no cost; the forms only matter where the pattern holds other characters, or a `?`
 * or class that takes one character of a name that has them (pattern.ts composedToo). Three
 * characters are the exception: NFC turns a Kelvin sign, a Greek question mark and a Greek varia
 * into "K", ";" and "`" (the only characters outside ASCII it maps into it, checked over every
 * code point), so text that is to be found on disk as it is written must not hold those three
 * either.
 */

/** True when `text` holds a character outside ASCII. */
export function hasNonAscii(text: string): boolean {
  return /[\u0080-\uffff]/.test(text);
}

/** The three characters of ASCII that NFC also makes of one outside it. */
export const ASCII_NFC_ALSO_MAKES: readonly string[] = ['K', ';', '`'];

/**
 * True when every name that reads as `text` in NFC is written `text` on disk: ASCII, without the
 * three characters NFC also makes of others (ASCII_NFC_ALSO_MAKES).
 */
export function sameInEveryForm(text: string): boolean {
  return !/[\u0080-\uffff]|[K;`]/.test(text);
}

/** The longest end of `text` that is the same in every form (sameInEveryForm). */
export function endingInEveryForm(text: string): string {
  let start = text.length;
  while (start > 0 && sameInEveryForm(text[start - 1])) {
    start -= 1;
  }
  return text.slice(start);
}

/**
 * Whether two names read the same: written the same, or, where one holds a character outside
 * ASCII, the same in NFC (a glob's directories are named in NFC, pattern.ts; a root's as on disk).
 */
export function readTheSame(a: string, b: string): boolean {
  return a === b || ((hasNonAscii(a) || hasNonAscii(b)) && a.normalize('NFC') === b.normalize('NFC'));
}
