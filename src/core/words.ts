/** The few ways the model-facing texts write numbers, counts and quoted names, kept alike. */

import { needsQuoting, quote } from './names';

/**
 * Text as a JSON string: in quotes, with quotes and control characters escaped; and where the page
 * would quote it as a name, as the page writes it: what a reader cannot see (a zero-width space,
 * DEL, a direction override) as `\uXXXX`, and "</" as "<\/". JSON.stringify leaves them as they
 * are: "docs" with a zero-width space read as "docs", and a pattern's "</files>" in an empty
 * answer was taken for the end of the paths (the chat participant showed what followed it). Text
 * that needs no quoting as a name keeps the joiners of its emoji and Persian words as they are.
 */
export function quoted(text: string): string {
  return needsQuoting(text) ? quote(text) : JSON.stringify(text);
}

/**
 * A whole number with thousands separators, as en-US writes it (12,345). Not Intl: building a
 * NumberFormat loads ICU's locale data, about 17 ms at the command line's start-up.
 */
export function number(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) {
    grouped += `,${digits.slice(at, at + 3)}`;
  }
  return value < 0 ? `-${grouped}` : grouped;
}

/** A number and its noun: "1 file", "2,400 files". */
export function count(value: number, singular: string, plural = `${singular}s`): string {
  return `${number(value)} ${value === 1 ? singular : plural}`;
}

/** What separates the entries of a list of counts. */
const COUNT_SEPARATOR = ' · ';

/**
 * Labels with their counts, one after another ("src/ 143 · docs/ 12"), then how many more there
 * are. A label holding the separator itself is quoted, or "a · b/ 5" would read as two entries,
 * one without a count.
 */
export function countedLabels(entries: ReadonlyArray<{ readonly label: string; readonly count: number }>, more = 0): string {
  return joinedLabels(entries.map(({ label, count: value }) => `${separable(label)} ${number(value)}`), more);
}

/** The same without counts, for entries whose counts say nothing ("es/ · fr/ · +108 more"). */
export function listedLabels(entries: ReadonlyArray<{ readonly label: string }>, more = 0): string {
  return joinedLabels(entries.map(({ label }) => separable(label)), more);
}

/** A label as a list shows it: quoted where it holds the separator (and is not quoted already). */
function separable(label: string): string {
  return label.includes(COUNT_SEPARATOR) && !label.startsWith('"') ? quoted(label) : label;
}

function joinedLabels(parts: string[], more: number): string {
  if (more > 0) {
    parts.push(`+${number(more)} more`);
  }
  return parts.join(COUNT_SEPARATOR);
}
