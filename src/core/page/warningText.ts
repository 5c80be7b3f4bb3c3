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

/** The footer's lines about `warnings`: the first lines ripgrep printed, of `total`. */
export function warningLines(total: number, first: readonly string[]): string[] {
  if (total === 0) {
    return [];
  }
  if (total > first.length) {
    // Not every warning was kept, so none can be said to be harmless.
    return [unreadLine(total, first)];
  }
  const byKind: Record<WarningKind, string[]> = { gone: [], loop: [], unread: [] };
  for (const line of first) {
    byKind[warningKind(line)].push(line);
  }
  const lines: string[] = [];
  const { gone, loop, unread } = byKind;
  if (gone.length > 0) {
    const one = gone.length === 1;
    lines.push(
      `ripgrep met ${count(gone.length, 'path')} that ${one ? 'leads' : 'lead'} nowhere (a symbolic link to nothing, or something removed while it searched), so no file is missing for ${one ? 'it' : 'them'}: ${quotedWarnings(gone)}.`,
    );
  }
  if (loop.length > 0) {
    const one = loop.length === 1;
    lines.push(
      `ripgrep met ${count(loop.length, 'symbolic link')} that ${one ? 'leads' : 'lead'} back where ${one ? 'it comes' : 'they come'} from (${one ? 'itself, or a directory above it' : 'themselves, or a directory above them'}) and did not go round again, so no file is missing for ${one ? 'it' : 'them'}: ${quotedWarnings(loop)}.`,
    );
  }
  if (unread.length > 0) {
    lines.push(unreadLine(unread.length, unread));
  }
  return lines;
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
