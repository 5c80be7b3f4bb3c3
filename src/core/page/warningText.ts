/**
 * What the footer says about ripgrep's warnings (exit code 2 with results, SPEC §6). Most are
 * harmless and worded so: with links followed (VS Code's default), every symbolic link to nothing
 * and every link that loops back is a warning, and "files below those paths may be missing" sent
 * models looking for files that do not exist. Only the rest (a directory that cannot be read, a
 * path too long) can hide files.
 */

import { showName } from '../names';
import { count } from '../words';

/** How many warnings are quoted in each line. */
const WARNINGS_QUOTED = 3;
/** How many warnings of each kind the result keeps whole: a flood of them is only counted. */
const KEPT_OF_EACH_KIND = 20;

type WarningKind = 'gone' | 'loop' | 'unread';

/**
 * What one warning line means. The operating system's error number ends the line (`rg: ./x: No
 * such file or directory (os error 2)`): 2 is "not found" on every system, 40 and 62 are "too
 * many links" on Linux and macOS. ripgrep's own loop check has a message of its own, which
 * ripgrep 13 (older VS Code builds bundle it) prints without the `rg: ` in front.
 */
function warningKind(line: string): WarningKind {
  if (line.endsWith('(os error 2)')) {
    return 'gone';
  }
  if (line.endsWith('(os error 40)') || line.endsWith('(os error 62)') || /^(rg: )?File system loop found: /.test(line)) {
    return 'loop';
  }
  return 'unread';
}

/**
 * Whether a warning is about a path inside `directories` (names from the walk root; every warning
 * is when there are none). ripgrep walks from the workspace folder, narrowed by globs to the search
 * root and the pattern's directories, and still meets what lies beside them on its way: with links
 * followed, a link to nothing at the top was a warning in every search of any "path". The path is
 * not cut out of the line, since a name may hold ": " itself; the line is tested for starting with
 * the directories instead (`rg: ./docs/x: reason`, ripgrep 13's `./docs/x: reason`, `File system
 * loop found: ./docs/x points to ...`). A line of another form is kept.
 */
export function warningWithin(line: string, directories: readonly string[], platform: NodeJS.Platform = process.platform): boolean {
  if (directories.length === 0) {
    return true;
  }
  const unprefixed = line.startsWith('rg: ') ? line.slice(4) : line;
  const looped = unprefixed.startsWith(LOOP) ? unprefixed.slice(LOOP.length) : unprefixed;
  // ripgrep joins a walk's paths with the system's separator.
  const text = platform === 'win32' ? looped.replace(/\\/g, '/') : looped;
  if (!text.startsWith('./')) {
    return true;
  }
  const inside = `./${directories.join('/')}`;
  return text.startsWith(`${inside}/`) || text.startsWith(`${inside}: `) || text.startsWith(`${inside} points to `);
}

const LOOP = 'File system loop found: ';

/** What ripgrep warned about, as the result holds it. */
export interface Warnings {
  /** How many warnings ripgrep printed in all. */
  readonly count: number;
  /** The first of each kind among those read (at most KEPT_OF_EACH_KIND), as ripgrep printed them. */
  readonly first: readonly string[];
  /** How many of those read lead nowhere and how many loop: they hide no file. */
  readonly gone: number;
  readonly loop: number;
}

/**
 * `read`, the warnings whose text was read (process.ts reads every one in the part of stderr it
 * examines), of `total`, told apart by kind. Each is counted by its kind, not only those quoted:
 * with only the first 20 kept and the rest taken for problems, 25 links to nothing were "25
 * problems reading the tree, so files below those paths may be missing". Only those past the part
 * read are not known to be harmless.
 */
export function readWarnings(total: number, read: readonly string[]): Warnings {
  const byKind: Record<WarningKind, string[]> = { gone: [], loop: [], unread: [] };
  for (const line of read) {
    byKind[warningKind(line)].push(line);
  }
  const { gone, loop, unread } = byKind;
  const first = [gone, loop, unread].flatMap((lines) => lines.slice(0, KEPT_OF_EACH_KIND));
  return { count: total, first, gone: gone.length, loop: loop.length };
}

/** The footer's lines about `warnings`: those that hide no file, then the one about those that may. */
export function warningLines(warnings: Warnings): string[] {
  const hiding = hidingWarningLine(warnings);
  return [...harmlessWarningLines(warnings), ...(hiding === undefined ? [] : [hiding])];
}

function quotedOf(warnings: Warnings, kind: WarningKind): string[] {
  return warnings.first.filter((line) => warningKind(line) === kind);
}

/** The lines about paths that lead nowhere and links that loop: they hide no file. */
function harmlessWarningLines(warnings: Warnings): string[] {
  const { gone, loop } = warnings;
  const lines: string[] = [];
  if (gone > 0) {
    const one = gone === 1;
    lines.push(
      `ripgrep met ${count(gone, 'path')} that ${one ? 'leads' : 'lead'} nowhere (a symbolic link to nothing, or something removed while it searched), so no file is missing for ${one ? 'it' : 'them'}: ${quotedWarnings(quotedOf(warnings, 'gone'), gone)}.`,
    );
  }
  if (loop > 0) {
    const one = loop === 1;
    lines.push(
      `ripgrep met ${count(loop, 'symbolic link')} that ${one ? 'leads' : 'lead'} back where ${one ? 'it comes' : 'they come'} from (${one ? 'itself, or a directory above it' : 'themselves, or a directory above them'}) and did not go round again, so no file is missing for ${one ? 'it' : 'them'}: ${quotedWarnings(quotedOf(warnings, 'loop'), loop)}.`,
    );
  }
  return lines;
}

/**
 * The line about the warnings that may hide files (a directory that could not be read, a path too
 * long): those read that say so, and those past the part read, not known not to; undefined when
 * there are none. The quick pick shows it too (result.ts `cautions`).
 */
export function hidingWarningLine(warnings: Warnings): string | undefined {
  const unread = warnings.count - warnings.gone - warnings.loop;
  return unread > 0 ? unreadLine(unread, quotedOf(warnings, 'unread')) : undefined;
}

function unreadLine(total: number, first: readonly string[]): string {
  if (first.length === 0) {
    // Past the part of ripgrep's messages that is read (a flood of them), or all about what lies
    // beside the directories searched: nothing to quote, and where they are is not known.
    return `ripgrep reported ${count(total, 'problem')} reading the tree, in more messages than are read here, so files may be missing.`;
  }
  return `ripgrep reported ${count(total, 'problem')} reading the tree, so files below those paths may be missing: ${quotedWarnings(first, total)}.`;
}

/**
 * The first few of `total` warnings, as ripgrep printed them, each quoted where the path it names
 * would be on the page (names.ts): a tab or "</files>" in a name reached the footer as it is.
 */
function quotedWarnings(first: readonly string[], total = first.length): string {
  return first.slice(0, WARNINGS_QUOTED).map((line) => showName(line)).join('; ') + (total > WARNINGS_QUOTED ? '; …' : '');
}
