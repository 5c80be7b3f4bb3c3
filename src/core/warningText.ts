/**
 * What the footer says about ripgrep's warnings (exit code 2 with results, SPEC §6). Most are
 * harmless and worded so: with links followed (VS Code's default), every symbolic link to nothing
 * and every link that loops back is a warning, and "files below those paths may be missing" sent
 * models looking for files that do not exist. Only the rest (a directory that cannot be read, a
 * path too long) can hide files.
 */

import { count } from './words';

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
 * The warnings about paths inside `directories` (names from the walk root; every warning when
 * there are none), and how many others there were. ripgrep walks from the workspace folder,
 * narrowed by globs to the search root and the pattern's directories, and still meets what lies
 * beside them on its way: with links followed, a link to nothing at the top was a warning in
 * every search of any "path". A warning whose path cannot be read from it is kept.
 */
export function warningsWithin(lines: readonly string[], directories: readonly string[]): { readonly within: string[]; readonly outside: number } {
  if (directories.length === 0) {
    return { within: [...lines], outside: 0 };
  }
  const inside = `${directories.join('/')}/`;
  const within = lines.filter((line) => {
    const path = warningPath(line);
    return path === undefined || `${path}/`.startsWith(inside);
  });
  return { within, outside: lines.length - within.length };
}

/**
 * The path a warning is about, without ripgrep's "./" (`rg: ./x: reason`, ripgrep 13's `./x:
 * reason`, `File system loop found: ./x points to an ancestor ./`); undefined for another form.
 */
function warningPath(line: string): string | undefined {
  const text = line.startsWith('rg: ') ? line.slice(4) : line;
  const path = /^File system loop found: (.+?) points to an ancestor /.exec(text)?.[1] ?? /^(\.\/.*?): /.exec(text)?.[1];
  return path?.replace(/^\.\//, '');
}

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
  return `ripgrep reported ${count(total, 'problem')} reading the tree, so files below those paths may be missing: ${quotedWarnings(first, total)}.`;
}

/** The first few of `total` warnings, as ripgrep printed them. */
function quotedWarnings(first: readonly string[], total = first.length): string {
  return first.slice(0, WARNINGS_QUOTED).join('; ') + (total > WARNINGS_QUOTED ? '; …' : '');
}
