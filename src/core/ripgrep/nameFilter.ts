/**
 * Lets ripgrep leave out, while it walks, the files whose name cannot match, so the engine never
 * reads them from its output.
 *
 * A glob with a fixed ending (`*.ts`, `package.json`, `src/**\/*.md`) matches only files whose
 * name ends with that text (pattern.ts's requiredSuffix). ripgrep's `--glob` would whitelist
 * ignored files that match it, but a file type does not: ripgrep checks types after the ignore
 * rules, which have already turned an ignored file away, and never for directories, so the walk
 * goes where it went without one (`matched` in dir.rs of ripgrep's ignore crate, the same in
 * ripgrep 13 and 15). The type is only a sieve: `*` and the ending, which the pattern then checks
 * exactly. Its letters match in either case, as output.ts's byte test does, because names that
 * match when case is ignored are still wanted when nothing matches (caseless.ts). Its text is
 * written the same in every Unicode normalization form: a name may spell "é" composed or not
 * (unicodeForms.ts), so an ending holds only what follows such characters (`.md` of `café.md`,
 * pattern.ts), and a stem holding characters outside ASCII gets no type at all.
 *
 * The engine then reads only the names that can match, instead of every name ripgrep walks past:
 * with the stat pool, medians of interleaved searches (`node out/bench/sieve.js TREE PATTERN`),
 * 100k "*.ts" 382 ms against 404, wide 221 against 244, 1m "package.json" 2.47 s against 2.97,
 * 1m "*.md" 1.96 s against 2.91. The search's 'adaptive' stat way does without it but for a
 * pattern without wildcards (collect.ts says why); the walks of an empty answer always have it,
 * with the endings of the patterns they count (ignoredProbe.ts, nearMatches.ts).
 */

import { hasNonAscii } from '../pattern/unicodeForms';

/** Not a type ripgrep defines, so the definitions below are the type's only globs. */
const TYPE_NAME = 'workspaceglob';

/**
 * No file name is longer than 255 bytes on the usual file systems; a longer ending (or stem) is
 * left to the pattern, and keeps a very long input out of ripgrep's command line.
 */
const MAX_ENDING_LENGTH = 255;

/**
 * Characters the type's glob would read as syntax (`\` escapes on some platforms and not on
 * others), and `:`, which ends a type's name in `--type-add`. An ending holding one gets no type;
 * a stem holding one is left out of it.
 */
const NOT_LITERAL = /[*?[\]{}\\:]/;

/**
 * ripgrep arguments that keep only files whose name ends with the last segment of
 * `requiredSuffix`, and those named `alsoStem` in any case with any extension (sameStem.ts);
 * none when there is no such ending or it cannot be written as a type's glob.
 */
export function nameFilterArgs(requiredSuffix: string | undefined, alsoStem?: string): string[] {
  const ending = requiredSuffix === undefined ? '' : nameEnding(requiredSuffix);
  // Left out, a stem's names would never reach the listing: no type lets them all through.
  if (!typeCanPass(ending) || (alsoStem !== undefined && hasNonAscii(alsoStem))) {
    return [];
  }
  return typeArgs([endingGlob(ending), ...(alsoStem !== undefined && writable(alsoStem) ? [`${eitherCase(alsoStem)}.*`] : [])]);
}

/**
 * ripgrep arguments that keep only files whose name ends with the last segment of one of
 * `requiredSuffixes`, and those named one of `stems` in any case with any extension; none when
 * one cannot be written as a type's glob.
 */
export function suffixesFilterArgs(requiredSuffixes: readonly string[], stems: readonly string[] = []): string[] {
  const endings = requiredSuffixes.map(nameEnding);
  return endings.length > 0 && endings.every(typeCanPass) && stems.every((stem) => writable(stem) && !hasNonAscii(stem))
    ? typeArgs([...endings.map(endingGlob), ...stems.map((stem) => `${eitherCase(stem)}.*`)])
    : [];
}

/** The part of a required suffix that lies in the file name: after its last "/". */
function nameEnding(requiredSuffix: string): string {
  return requiredSuffix.slice(requiredSuffix.lastIndexOf('/') + 1);
}

/** Names ending with `ending`, its ASCII letters in either case. */
function endingGlob(ending: string): string {
  return `*${eitherCase(ending)}`;
}

function typeArgs(globs: readonly string[]): string[] {
  return [...globs.flatMap((glob) => ['--type-add', `${TYPE_NAME}:${glob}`]), '--type', TYPE_NAME];
}

/**
 * Whether a type can let through the names that end with `ending`: it must be writable, and not
 * end in ".". ripgrep finds no file name in a path that ends in "." (`file_name` in its ignore
 * crate's pathutil.rs, which reads "x." as it reads ".."), and with a type selected it turns such
 * a name away whatever the type's globs: "etc." or "*!." found nothing. ripgrep 13 and 15 alike.
 */
function typeCanPass(ending: string): boolean {
  return writable(ending) && !ending.endsWith('.');
}

/** Text a type's glob can hold as it is: no glob syntax, no colon, no longer than a file name. */
function writable(literal: string): boolean {
  return literal !== '' && literal.length <= MAX_ENDING_LENGTH && !NOT_LITERAL.test(literal);
}

/** Each ASCII letter as a class of its two cases (`.ts` → `.[tT][sS]`). */
function eitherCase(text: string): string {
  return text.replace(/[a-zA-Z]/g, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`);
}
