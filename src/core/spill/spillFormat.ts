/**
 * The complete list's text (SPEC §4): a short header of `# ` lines ending with an empty line,
 * then one shown path per line. The header names the roots, so whoever reads the list back (the
 * virtual document that makes every path a link) can turn each line into the file it names.
 */

import { escapedJson, parseShownName, type RawName } from '../names';
import { countedAs, distinctFiles, HOW_PATHS_SHARE_A_FILE, type DistinctFiles } from '../order/aliases';

export interface SpillHeader {
  readonly pattern: string;
  /** The `path` the search was given, as the answer named it; absent for the whole workspace. */
  readonly path?: string;
  /** How shown paths map back to files: a shown path starting with `prefix` lives under `path`. */
  readonly roots: ReadonlyArray<{ readonly prefix: string; readonly path: string }>;
  /**
   * The directories searched, where "path" narrowed the search below the roots: without them a
   * header read later ("src/**", the workspace, 6 files) would describe another search.
   */
  readonly searched?: readonly string[];
  /**
   * Workspace folders a search of the whole workspace left out, and why in words ("missing on
   * disk"): a list read later must not pass for one of every folder.
   */
  readonly notSearched?: ReadonlyArray<{ readonly name: string; readonly path: string; readonly why: string }>;
  readonly total: number;
  /** Matches a stop left before their times were read: the last lines, by path. */
  readonly unread?: number;
  /** Paths that lead to a file another path of the list leads to as well (order/aliases.ts). */
  readonly aliases?: number;
  /** Paths that share an inode number with another, left uncompared by a stop: any may lead to one file too. */
  readonly aliasesUncompared?: number;
  readonly complete: boolean;
  /** Why the search stopped early, when it did. */
  readonly stopped?: string;
  readonly savedAt: Date;
}

const SPILL_TITLE = '# Workspace Glob: complete list';
/** The title of a list a stop cut short: "complete list" would say the opposite of its status line. */
const INCOMPLETE_SPILL_TITLE = '# Workspace Glob: list of the files found before the search stopped';

/**
 * Width of the header's `# listed:` line. The line is written padded to this width before the
 * paths, and rewritten in place if the list has to be cut, so the list is written in one pass.
 */
const LISTED_LINE_WIDTH = 96;

/** The header, split around its `# listed:` line so that line can be rewritten in place. */
export function spillHeaderParts(header: SpillHeader): { readonly before: string; readonly listed: string; readonly after: string } {
  const { total, aliases = 0, aliasesUncompared: uncompared = 0, unread = 0 } = header;
  const distinct = distinctFiles({ total, aliases, uncompared, unread });
  const status = header.complete ? 'complete' : `INCOMPLETE: ${header.stopped ?? 'the search stopped early'}`;
  const before = [
    header.complete ? SPILL_TITLE : INCOMPLETE_SPILL_TITLE,
    `# pattern: ${escapedJson(header.pattern)}`,
    ...(header.path !== undefined ? [`# path: ${escapedJson(header.path)}`] : []),
    `# roots: ${escapedJson(header.roots)}`,
    ...(header.searched ? [`# searched: ${escapedJson(header.searched)}`] : []),
    ...(header.notSearched ? [notSearchedLine(header.notSearched, header.roots.length)] : []),
    `# order: modification time, oldest first; equal times by path${header.unread ? `; the last ${header.unread}, whose times were not read, by path` : ''}`,
    // Where some paths lead (or may lead) to one file, the total is one of paths, as the footer says it.
    `# total: ${header.total} ${countedAs(distinct)}s (${status})`,
    ...(distinct ? [distinctFilesLine(header, distinct)] : []),
    '',
  ].join('\n');
  return { before, listed: spillListedLine(header.total, header.total), after: `\n# saved: ${header.savedAt.toISOString()}\n\n` };
}

/**
 * '# not searched: the workspace folder "gone" (missing on disk) at "/abs/gone"; only 2 of the 3
 * workspace folders were searched'. Names and paths as JSON: a newline in one would end the line.
 * Without "path" there is one root per folder searched.
 */
function notSearchedLine(notSearched: NonNullable<SpillHeader['notSearched']>, searched: number): string {
  const each = notSearched.map(({ name, path, why }) => `${escapedJson(name)} (${why}) at ${escapedJson(path)}`);
  const folders = notSearched.length === 1 ? 'the workspace folder' : 'the workspace folders';
  return `# not searched: ${folders} ${each.join('; ')}; only ${searched} of the ${searched + notSearched.length} workspace folders ${searched === 1 ? 'was' : 'were'} searched`;
}

/**
 * How many distinct files the paths are, where some lead (or may lead) to one file, and what
 * makes the count an upper bound: paths whose times were not read, or that a stop left before
 * they were compared, as the footer says.
 */
function distinctFilesLine(header: SpillHeader, distinct: DistinctFiles): string {
  const { aliases = 0, unread = 0, aliasesUncompared = 0 } = header;
  const found = `${aliases} of the paths ${aliases === 1 ? 'leads' : 'lead'} to a file another path here leads to as well ${HOW_PATHS_SHARE_A_FILE}`;
  const notCompared = [
    ...(aliasesUncompared > 0 ? [`${aliasesUncompared} paths that share an inode number with another path here were not compared, the search stopped first`] : []),
    ...(unread > 0 ? [`the ${unread} whose times were not read were not compared`] : []),
  ];
  // "0 of the paths lead to …" where only paths left uncompared are why the files may be fewer.
  return `# distinct files: ${distinct.atMost ? 'at most ' : ''}${distinct.count}; ${[...(aliases > 0 ? [found] : []), ...notCompared].join('; ')}`;
}

/**
 * How many lines the header takes, its closing empty line included; the paths follow. The footer
 * names the lines that hold paths, so a model can read the newest (the last lines) or one stretch
 * without reading the list from its start.
 */
export function spillHeaderLines(header: SpillHeader): number {
  const { before, listed, after } = spillHeaderParts(header);
  return `${before}${listed}${after}`.split('\n').length - 1;
}

/** How many of the total paths the list holds, padded to a fixed width. */
export function spillListedLine(written: number, total: number): string {
  const text = written < total ? `# listed: the first ${written} of them (the list was cut at its size bound)` : `# listed: all ${total}`;
  return text.padEnd(LISTED_LINE_WIDTH, ' ');
}

export interface ParsedSpill {
  readonly pattern: string;
  readonly path?: string;
  readonly roots: SpillHeader['roots'];
  /** Paths the search matched (the list may hold fewer, when it was cut at its size bound). */
  readonly total: number;
  /** How many distinct files those paths are, where some lead to one file; absent where each is a file of its own. */
  readonly distinctFiles?: DistinctFiles;
  readonly complete: boolean;
  /** Zero-based line number of the first path. */
  readonly firstPathLine: number;
}

/**
 * A header read back, or what makes the text no list's header, said as it ends "the list cannot
 * be shown: …" (`its first line is not "# Workspace Glob: complete list"`), so whoever finds a
 * list of ours changed on disk is told what gave it away.
 */
export type SpillHeaderReading = { readonly header: ParsedSpill } | { readonly problem: string };

/** Reads the header back; undefined when the text is not a complete list. */
export function parseSpillHeader(text: string): ParsedSpill | undefined {
  const reading = readSpillHeader(text);
  return 'header' in reading ? reading.header : undefined;
}

export function readSpillHeader(text: string): SpillHeaderReading {
  const lines = text.split('\n', 64);
  if (lines[0] !== SPILL_TITLE && lines[0] !== INCOMPLETE_SPILL_TITLE) {
    return { problem: firstLineProblem(text, lines[0]) };
  }
  const end = lines.indexOf('');
  if (end === -1) {
    return { problem: 'no empty line ends its header' };
  }
  // Where the empty line after the header was taken out, the paths read as header lines.
  const stray = lines.slice(1, end).findIndex((line) => !line.startsWith('# '));
  if (stray !== -1) {
    return { problem: `line ${stray + 2}, before the empty line that ends its header, does not start with "# " as header lines do` };
  }
  const field = (name: string): string | undefined =>
    lines.slice(1, end).find((line) => line.startsWith(`# ${name}: `))?.slice(name.length + 4);
  // Every list has had these three lines since the first: one missing or not as written was
  // taken away or edited, and read as it stood the list had no pattern, no links, or 0 files.
  const missing = ['pattern', 'roots', 'total'].find((name) => field(name) === undefined);
  if (missing !== undefined) {
    return { problem: `it has no "# ${missing}:" line in its header` };
  }
  const path = field('path');
  const total = /^(\d+) (?:files|paths) \((complete|INCOMPLETE)/.exec(field('total') ?? '');
  if (!total) {
    return { problem: 'its "# total:" line does not say how many files or paths it holds, as it was saved saying' };
  }
  const distinct = /^(at most )?(\d+);/.exec(field('distinct files') ?? '');
  // A total of paths is always written with the distinct files they are (spillHeaderParts).
  if (total[0].includes(' paths ') && !distinct) {
    return { problem: 'its "# total:" line counts paths, but no "# distinct files:" line says how many files they are' };
  }
  let pattern: unknown, pathGiven: unknown, roots: unknown;
  try {
    pattern = JSON.parse(field('pattern') ?? '');
    pathGiven = path === undefined ? undefined : JSON.parse(path);
    roots = JSON.parse(field('roots') ?? '');
  } catch {
    return { problem: 'its "# pattern:", "# path:" or "# roots:" line is not the JSON it was saved as' };
  }
  if (typeof pattern !== 'string' || (path !== undefined && typeof pathGiven !== 'string') || !isRoots(roots)) {
    return { problem: 'its "# pattern:", "# path:" or "# roots:" line does not hold what it was saved with' };
  }
  return {
    header: {
      pattern,
      ...(typeof pathGiven === 'string' ? { path: pathGiven } : {}),
      roots,
      total: Number(total[1]),
      ...(distinct ? { distinctFiles: { count: Number(distinct[2]), atMost: distinct[1] !== undefined } } : {}),
      complete: total[2] === 'complete',
      firstPathLine: end + 1,
    },
  };
}

/** Why a first line is no list's title; an editor that saved the list with Windows line ends is named. */
function firstLineProblem(text: string, firstLine: string): string {
  if (text === '') {
    return 'it is empty';
  }
  if (firstLine === `${SPILL_TITLE}\r` || firstLine === `${INCOMPLETE_SPILL_TITLE}\r`) {
    return 'its lines end in a carriage return and a line feed, as an editor that saves with Windows line ends writes them';
  }
  return `its first line is not ${JSON.stringify(SPILL_TITLE)}`;
}

/** Whether a parsed "# roots:" value is what the header writes: prefixes and paths, as strings. */
function isRoots(value: unknown): value is ParsedSpill['roots'] {
  return (
    Array.isArray(value) &&
    value.every((root: unknown) => typeof root === 'object' && root !== null && typeof (root as { prefix?: unknown }).prefix === 'string' && typeof (root as { path?: unknown }).path === 'string')
  );
}

/** A path line of a complete list and the file it names. */
export interface SpillLink {
  /** Zero-based line number in the list's text. */
  readonly line: number;
  /** Length of the line, so the whole line can be the link. */
  readonly length: number;
  readonly root: string;
  readonly relative: RawName;
}

/**
 * The links of a complete list, read from its own text (a list outlives the window that saved
 * it, so its header is what ties paths to files). Stops after `limit` paths.
 */
export function spillLinks(text: string, limit: number): SpillLink[] {
  const header = parseSpillHeader(text);
  if (!header) {
    return [];
  }
  const links: SpillLink[] = [];
  const lines = text.split('\n');
  for (let line = header.firstPathLine; line < lines.length && links.length < limit; line += 1) {
    const target = lines[line] === '' ? undefined : resolveSpillLine(lines[line], header.roots);
    if (target) {
      links.push({ line, length: lines[line].length, ...target });
    }
  }
  return links;
}

/** The file a path line names: the root whose prefix is longest, joined with the rest. */
export function resolveSpillLine(line: string, roots: ParsedSpill['roots']): { root: string; relative: RawName } | undefined {
  let name: RawName;
  try {
    name = parseShownName(line);
  } catch {
    return undefined;
  }
  const byLength = [...roots].sort((a, b) => b.prefix.length - a.prefix.length);
  for (const { prefix, path } of byLength) {
    if (typeof name === 'string' && name.startsWith(prefix)) {
      return { root: path, relative: name.slice(prefix.length) };
    }
    const prefixBytes = Buffer.from(prefix);
    if (typeof name !== 'string' && name.subarray(0, prefixBytes.length).equals(prefixBytes)) {
      return { root: path, relative: name.subarray(prefixBytes.length) };
    }
  }
  return undefined;
}
