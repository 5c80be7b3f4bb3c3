/**
 * What one search returns: the page, the facts the footer states, and the model-facing text.
 * The command line prints `text` (or this object as JSON); the VS Code adapter renders the same
 * facts as a quick pick and a chat answer.
 */

import type { RawName } from '../names';
import type { PatternSlips } from '../emptyAnswer/patternSlips';
import type { InTheirCase } from '../emptyAnswer/caseless';
import type { AbsoluteElsewhere } from '../request/absolutePattern';
import type { FolderNotOnDisk } from '../request/foldersOnDisk';
import { countedAs, distinctFiles, type DistinctFiles } from '../order/aliases';
import type { SpillOutcome } from '../spill/spill';
import type { StopReason } from '../walk/stopper';
import type { Warnings } from './warningText';

export interface PagePath {
  /** The path as printed. */
  readonly shown: string;
  /** The path as a plain string (unquoted); a name that is not UTF-8 keeps its `\xNN` form. */
  readonly path: string;
  /** The file itself, to open it. */
  readonly absolutePath: RawName;
  /** Index into `topLevel.entries`. */
  readonly entry: number;
}

export interface TopLevelEntry {
  /** How it is shown: `src/`, `README.md`, `<folder>/src/`; quoted when the name is not plain (SPEC §5). */
  readonly label: string;
  /** The same unquoted, usable as `path` (as PagePath.path: a name that is not UTF-8 stays quoted). */
  readonly path: string;
  /** Matches in the complete result. */
  readonly count: number;
  /** Matches shown on this page. */
  readonly onPage: number;
  /** False for a file directly in the search root, its own entry (it cannot be passed as `path`). */
  readonly isDirectory: boolean;
}

/** Why a result is not complete. */
export type Incompleteness = StopReason | 'ripgrepKilled';

export interface GlobResult extends EmptyResultFacts {
  readonly pattern: string;
  /** How the text names what was searched. */
  readonly rootLabel: string;
  /** How the `path` given is named; absent when the search had none (GlobRequest.pathLabel). */
  readonly pathLabel?: string;
  /** Absolute search roots, one per walk. */
  readonly roots: readonly string[];
  readonly includeIgnored: boolean;
  /** Files in the complete result. */
  readonly total: number;
  /** The page, in printed order: grouped by entry when sampled, else oldest first. */
  readonly page: readonly PagePath[];
  /**
   * True when the result did not fit and the page is a round-robin sample that is not its oldest
   * files, so it cannot tell which files are oldest. False when the result fits, and when the
   * round-robin page holds exactly the oldest files (then `page` is shorter than `total`).
   */
  readonly sampled: boolean;
  /** False when the search stopped early: `total` is then only what was found so far. */
  readonly complete: boolean;
  readonly incompleteBecause?: Incompleteness;
  /**
   * Set when the listing stopped at the size bound: `incompleteBecause` is then 'limit', or the
   * cancellation or timeout that came after it, while the held files' times were read.
   */
  readonly boundReached?: true;
  readonly topLevel: {
    /** Entries in the complete result, in order of first appearance. */
    readonly entries: readonly TopLevelEntry[];
    /** Entries with at least one path on the page. */
    readonly reached: number;
    /**
     * Where every match lies under one entry and the page does not hold them all: the deepest
     * directory that holds every match (as "path" takes it, ending in "/"), and whether each lies
     * directly in it; absent for names that are not UTF-8.
     */
    readonly within?: { readonly path: string; readonly flat: boolean };
  };
  /** Where the complete list is, when the result did not fit. */
  readonly spill: SpillOutcome | null;
  /** What ripgrep warned about (unreadable directories and the like). */
  readonly warnings: Warnings;
  /**
   * Matches left out because they vanished or could not be read; and `repeated`: second listings
   * of a file ripgrep listed twice (its directory changed during the walk), which is shown once.
   */
  readonly dropped: { readonly vanished: number; readonly unreadable: number; readonly repeated: number };
  /**
   * Matches a stop left before their times were read: in the result, after all the others, by
   * path (counted in `total`, their top-level entries too).
   */
  readonly unread: number;
  /**
   * Paths in the result that lead to a file another of its paths leads to as well (a symbolic
   * link followed, or a hard link): each path is listed and counted, so the result holds
   * `total - aliases` distinct files, or fewer where times were `unread` (those are not compared).
   */
  readonly aliases: number;
  /**
   * Paths sharing an inode number with another that a stop (`because`) left before they were
   * compared: any of them may lead to a file another path here leads to, so the result holds at
   * most `total - aliases` distinct files.
   */
  readonly aliasesUncompared?: { readonly paths: number; readonly because: StopReason };
  /** True when ripgrep listed every match, so a stop cut only the reading of times. */
  readonly listedAll: boolean;
  /**
   * For an empty result, or a negation's (which left out no file): the directory outside the
   * search roots that the pattern named (request.ts).
   */
  readonly absoluteElsewhere?: AbsoluteElsewhere;
  /**
   * Workspace folders left out of a search of the whole workspace: missing on disk, a file now,
   * or unreadable (foldersOnDisk.ts). `complete` stays true: it says the search ran to its end
   * (SPEC §3, §4: a stop is what makes a result incomplete, and the answer then says "more files
   * may match"), and one gone or a file holds no files. An unreadable one may, as an unreadable
   * directory inside a folder may (ripgrep's warnings): each is said on a line of its own, and
   * the root label ("the 2 workspace folders searched"), the footer and the complete list's header
   * name each folder not searched, so nothing claims the whole workspace.
   */
  readonly foldersNotOnDisk?: readonly FolderNotOnDisk[];
  readonly elapsedMs: number;
  /** What the model reads. */
  readonly text: string;
  /**
   * The lines of `text` that say files may be missing from the result or out of their order: the
   * stop, ripgrep's problems reading the tree, matches gone while it ran (render.ts). Not the
   * harmless warnings, nor the folders not searched (`foldersNotOnDisk`).
   */
  readonly cautions: readonly string[];
}

/**
 * Whether a cancellation stopped any part of the search: the listing, the reading of times, or
 * the comparison of paths to one file, after which the list is whole but its count of distinct
 * files a bound. The command line exits as a signal ends a process then.
 */
export function cancelledIn(result: Pick<GlobResult, 'incompleteBecause' | 'aliasesUncompared'>): boolean {
  return result.incompleteBecause === 'cancelled' || result.aliasesUncompared?.because === 'cancelled';
}

/**
 * Whether a stop left no file's time read: then the page and the complete list are in path order
 * alone, and both say so (render.ts headLine, spillLine; the quick pick) rather than call anything
 * oldest or newest.
 */
export function noTimeRead(result: Pick<GlobResult, 'unread' | 'total'>): boolean {
  return result.unread > 0 && result.unread >= result.total;
}

/** Whether the search stopped before ripgrep had listed everything: the files are some of those that match. */
export function listingCut(result: Pick<GlobResult, 'complete' | 'listedAll'>): boolean {
  return !result.complete && !result.listedAll;
}

/** How many distinct files the result's paths are, where some lead (or may lead) to one file (order/aliases.ts). */
export function resultDistinctFiles(result: Pick<GlobResult, 'total' | 'aliases' | 'aliasesUncompared' | 'unread'>): DistinctFiles | undefined {
  return distinctFiles({ total: result.total, aliases: result.aliases, uncompared: result.aliasesUncompared?.paths ?? 0, unread: result.unread });
}

/** What the counts of the result's paths call them: "path" where some lead to one file (countedAs). */
export function resultCountedAs(result: Pick<GlobResult, 'total' | 'aliases' | 'aliasesUncompared' | 'unread'>): 'path' | 'file' {
  return countedAs(resultDistinctFiles(result));
}

/**
 * The files a pattern near the one given matches: the pattern, how many (a lower bound when not
 * `complete`) and the first few as shown paths.
 */
export interface ShownPatternMatches {
  readonly pattern: string;
  readonly count: number;
  readonly complete: boolean;
  readonly examples: readonly string[];
}

/**
 * What explains an empty result (emptyResult.ts); for a result with matches, only
 * `bracesWithoutSpaces`, which may have cut the result short (an alternative written with a
 * space matches names that start with one).
 */
export interface EmptyResultFacts extends PatternSlips {
  /** The version-control metadata name the pattern names, whose files are never listed: nothing else is said. */
  readonly versionControl?: string;
  /** A literal directory the pattern needs that does not exist. */
  readonly missingDirectory?: string;
  /**
   * A directory beside the missing one with a near name (missingDirectory.ts: `src/` for `Src/`,
   * `test/` for `tests/`), and what the pattern with it in place matches, when that was counted.
   */
  readonly missingDirectoryNear?: {
    readonly directory: string;
    readonly otherCase: boolean;
    readonly matches?: ShownPatternMatches;
    /** Where `matches` counted none: the files there it matches that ignore rules or excludes hide, when there are some. */
    readonly ignored?: { readonly count: number; readonly complete: boolean; readonly examples: readonly string[] };
  };
  /** Where no directory beside the missing one has a near name: those there are, the first few as shown (in quotes, with "/"), and how many. */
  readonly missingDirectorySiblings?: { readonly first: readonly string[]; readonly count: number };
  /** What the pattern matches with the missing directory anywhere inside its parent, when it finds files. */
  readonly missingDirectoryDeeper?: ShownPatternMatches;
  /** Files with the missing directory's name (and any extension) in its place ("src/utils.ts" for "src/utils/"), when there are some. */
  readonly missingDirectoryFile?: ShownPatternMatches;
  /**
   * Files that match when case is ignored: how many, the first few as shown paths, and a pattern
   * that finds them (in lower case, or with classes of both cases) with how many it finds.
   */
  readonly caseless?: { readonly count: number; readonly examples: readonly string[]; readonly inTheirCase?: InTheirCase };
  /**
   * Files with the name of a pattern without wildcards and any extension ("README.md" for
   * "README"): the glob that finds them ("README.*"), how many, and the first few as shown paths.
   * `otherCase` when their names have another case too ("README.md" for "readme"): the glob is
   * written in their cases (the most common few) and finds `patternFinds` of them.
   */
  readonly sameStem?: {
    readonly pattern: string;
    readonly count: number;
    readonly examples: readonly string[];
    readonly otherCase?: { readonly patternFinds: number };
  };
  /** What an anchored pattern matches at any depth (nearMatches.ts): possibly none. */
  readonly anyDepthMatches?: ShownPatternMatches;
  /** What the pattern matches one level down and below ("src/**\/*.ts" for "src/*.ts"), when it finds files. */
  readonly deeperMatches?: ShownPatternMatches;
  /**
   * Files with the name a pattern with directories gives and any extension, anywhere
   * ("**\/helpers.*"), when there are any and neither the pattern at any depth nor one level down
   * finds files.
   */
  readonly nameElsewhereMatches?: ShownPatternMatches;
  /**
   * Files with a name near the one a pattern without wildcards gives ("util.py" for "utils.py"),
   * when there are any and none has the name itself with another extension (`sameStem`).
   */
  readonly nearNameMatches?: ShownPatternMatches & { readonly name: string };
  /**
   * Files the pattern matches with a name near the directory it names after a wildcard
   * ("packages/*\/test/" for "packages/*\/tests/"), when there are any: both directories as
   * the pattern writes them, and the pattern with the near one.
   */
  readonly nearSegmentMatches?: ShownPatternMatches & { readonly directory: string; readonly nearDirectory: string };
  /**
   * Files with an extension related to the one the pattern ends in (".yaml" for ".yml"), most
   * files first, with the extension.
   */
  readonly relatedExtensions?: ReadonlyArray<ShownPatternMatches & { readonly extension: string }>;
  /**
   * Files `includeIgnored` would find: how many (a lower bound when not `complete`: the look ran
   * out of time), and a few as shown paths, the first of each entry. Absent when nothing was learned.
   */
  readonly ignoredMatches?: {
    readonly count: number;
    readonly complete: boolean;
    readonly examples: readonly string[];
    /** The top-level entries they lie in ("node_modules/"), with their counts, the most first. */
    readonly entries: ReadonlyArray<{ readonly label: string; readonly count: number }>;
    /** For a pattern without wildcards: the ignored files with its name and another extension, when there are some. */
    readonly sameStem?: ShownPatternMatches;
    /** For an anchored pattern whose directories are missing: the ignored files it matches at any depth, when there are some. */
    readonly anyDepth?: ShownPatternMatches;
  };
  /**
   * The pattern's leading directories that its search root already ends with (`src/` for
   * "path": "src" and "pattern": "src/core/*.ts"), and the pattern without them; or, searching
   * several workspace folders, the name of one they start with (`app/` for "app/src/*.ts", as
   * the answer shows its paths), with that folder as `path`; or the name of a workspace folder
   * left out (foldersOnDisk.ts), with why in `notSearched` ("missing on disk").
   */
  readonly rootRepeated?: { readonly directories: string; readonly pattern: string; readonly path?: string; readonly notSearched?: string };
  /**
   * For a pattern that may name directories: the pattern that lists the files inside them, and
   * the directories it names that exist (as shown paths), where a stat could tell.
   */
  readonly directories?: { readonly inside: string; readonly found: readonly string[] };
}
