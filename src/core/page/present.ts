/**
 * Shows a finished search at a given page size: the page (whole when it fits, round-robin
 * otherwise), the complete list saved once when a page cannot hold it, and the model-facing text.
 * Kept apart from the search so a caller with a token budget can ask for a smaller page without
 * searching again.
 */

import type { CollectedMatches } from '../walk/collect';
import { explainEmpty } from '../emptyAnswer/emptyResult';
import type { IgnoredMatches } from '../emptyAnswer/ignoredProbe';
import type { MissingDirectory } from '../emptyAnswer/missingDirectory';
import type { RawName } from '../names';
import type { NearMatches } from '../emptyAnswer/nearMatches';
import type { GlobOptions, GlobSearch } from '../glob';
import type { TopLevelEntries } from './group';
import { atAnyDepth } from '../pattern/pattern';
import { patternSlips, type PatternSlips } from '../emptyAnswer/patternSlips';
import { renderCautions, renderModelText, type RenderContext } from './render';
import type { GlobResult, Incompleteness, PagePath, TopLevelEntry } from './result';
import type { GlobRequest } from '../request/request';
import { groupedForPrinting, isHead, roundRobinPage } from './sample';
import { absolutePath, plainPath, shownPath } from '../walk/scopePaths';
import { shownPathChunks } from '../spill/shownLines';
import { DEFAULT_SPILL_LIMITS, saveSpill, type SpillOutcome } from '../spill/spill';
import { readWarnings } from './warningText';
import { offeredPattern } from '../request/absolutePattern';
import { whyNotOnDisk } from '../request/foldersOnDisk';

export interface CompletedSearchParts {
  readonly request: GlobRequest;
  readonly found: CollectedMatches;
  /** Match indexes in (mtime, path) order, each file once. */
  readonly order: Uint32Array;
  /** Matches left out of `order` as second listings of a file already in it. */
  readonly repeated: number;
  /** Matches in `order` that lead to a file an earlier one leads to as well (order/aliases.ts). */
  readonly aliases: number;
  /** Matches a stop left before they were compared for `aliases` (GlobResult.aliasesUncompared). */
  readonly aliasesUncompared?: GlobResult['aliasesUncompared'];
  readonly entries: TopLevelEntries;
  readonly incompleteBecause: Incompleteness | undefined;
  /** Whether the listing stopped at the size bound, before a cancellation or timeout that `incompleteBecause` may name. */
  readonly boundReached: boolean;
  /** For a complete search that found nothing: what `includeIgnored` would find. */
  readonly ignored?: IgnoredMatches;
  /** For a complete search that found nothing: what patterns near the one given match. */
  readonly near: NearMatches;
  /** For a complete search that found nothing: what `includeIgnored` would find in a missing directory's near one, where nothing else matches there. */
  readonly nearIgnored?: IgnoredMatches;
  /** For a complete search that found nothing: the first directory the pattern names that does not exist. */
  readonly missing?: MissingDirectory;
  readonly excludesApplied: boolean;
  readonly options: GlobOptions & { readonly maxPaths: number };
  /** When the search started, in milliseconds since the epoch. */
  readonly started: number;
  readonly now: () => Date;
}

export class CompletedSearch implements GlobSearch {
  private spill: Promise<SpillOutcome | null> | undefined;

  constructor(private readonly parts: CompletedSearchParts) {}

  get total(): number {
    return this.parts.order.length;
  }

  dispose(): void {
    // Nothing to release: the arrays go with the object.
  }

  async page(maxResults: number): Promise<GlobResult> {
    const { request, found, order, entries, incompleteBecause, options } = this.parts;
    const { names, scopeOf } = found;
    const scopes = request.scopes;
    const slots = Math.max(1, Math.floor(maxResults));
    const overCap = order.length > slots;
    const picked = overCap ? roundRobinPage(entries, slots) : [];
    // A round-robin page that holds exactly the oldest files is no sample, and is not called
    // one: it is shown as what it is, the head, oldest first.
    const sampled = overCap && !isHead(picked);
    const positions = sampled ? groupedForPrinting(picked, entries) : Array.from({ length: Math.min(order.length, slots) }, (_, position) => position);

    const onPage = new Uint32Array(entries.labels.length);
    const page: PagePath[] = positions.map((position) => {
      const match = order[position];
      const scope = scopes[scopeOf[match]];
      onPage[entries.entryOf[position]] += 1;
      return {
        shown: shownPath(scope, names[match]),
        path: plainPath(scope, names[match]),
        absolutePath: absolutePath(scope, names[match]),
        entry: entries.entryOf[position],
      };
    });
    const topLevelEntries: TopLevelEntry[] = entries.labels.map((label, entry) => ({
      label,
      path: entries.paths[entry],
      count: entries.counts[entry],
      onPage: onPage[entry],
      isDirectory: entries.isDirectory[entry],
    }));

    const facts = {
      pattern: request.patternAsGiven,
      rootLabel: request.rootLabel,
      ...(request.pathLabel !== undefined ? { pathLabel: request.pathLabel } : {}),
      roots: scopes.map((scope) => scope.searchRoot),
      includeIgnored: request.includeIgnored,
      total: order.length,
      page,
      sampled,
      complete: incompleteBecause === undefined,
      ...(incompleteBecause ? { incompleteBecause } : {}),
      ...(this.parts.boundReached ? { boundReached: true as const } : {}),
      topLevel: {
        entries: topLevelEntries,
        reached: topLevelEntries.filter((entry) => entry.onPage > 0).length,
        ...(overCap && topLevelEntries.length === 1 ? deepestDirectory(order, names, scopeOf, scopes) : {}),
      },
      spill: overCap ? await this.savedList() : null,
      warnings: readWarnings(found.warningCount, found.warnings),
      dropped: { vanished: found.vanished, unreadable: found.unreadable, repeated: this.parts.repeated },
      unread: found.skipped,
      aliases: this.parts.aliases,
      ...(this.parts.aliasesUncompared ? { aliasesUncompared: this.parts.aliasesUncompared } : {}),
      listedAll: found.listedAll,
      ...(order.length === 0 ? await explainEmpty(request, found, { ignored: this.parts.ignored, nearIgnored: this.parts.nearIgnored }, this.parts.near, this.parts.missing) : bracesSlip(request.patternAsGiven)),
      // A negation's is said whatever it lists: it left out no file (request.ts).
      ...(request.absoluteElsewhere && (order.length === 0 || request.absoluteElsewhere.negated) ? { absoluteElsewhere: request.absoluteElsewhere } : {}),
      ...(request.foldersNotOnDisk ? { foldersNotOnDisk: request.foldersNotOnDisk } : {}),
      elapsedMs: this.parts.now().getTime() - this.parts.started,
    };
    const context: RenderContext = {
      maxResults: slots,
      pattern: request.pattern,
      anyDepthPattern: request.pattern.anchored ? anyDepthOffered(request) : undefined,
      absolutePattern: request.patternWasAbsolute,
      excludesApplied: this.parts.excludesApplied,
      timeoutMs: options.timeoutMs,
      maxPaths: options.maxPaths,
      ...(request.pathAsGiven !== undefined ? { pathAsGiven: request.pathAsGiven } : {}),
    };
    return { ...facts, text: renderModelText(facts, context), cautions: renderCautions(facts, context) };
  }

  /** Saves the complete list the first time it is needed. */
  private savedList(): Promise<SpillOutcome | null> {
    const { request, found, order, incompleteBecause, options } = this.parts;
    if (options.spillDirectory === undefined) {
      return Promise.resolve(null);
    }
    const directory = options.spillDirectory;
    const scopes = request.scopes;
    this.spill ??= saveSpill(
      directory,
      options.spillLimits ?? DEFAULT_SPILL_LIMITS,
      {
        pattern: request.patternAsGiven,
        ...(request.pathLabel !== undefined ? { path: request.pathLabel } : {}),
        roots: scopes.map((scope) => ({ prefix: scope.shownPrefix, path: scope.walkRoot })),
        ...(scopes.some((scope) => scope.searchRoot !== scope.walkRoot) ? { searched: scopes.map((scope) => scope.searchRoot) } : {}),
        ...(request.foldersNotOnDisk ? { notSearched: request.foldersNotOnDisk.map((entry) => ({ name: entry.folder.name, path: entry.folder.path, why: whyNotOnDisk(entry, true) })) } : {}),
        total: order.length,
        ...(found.skipped > 0 ? { unread: found.skipped } : {}),
        ...(this.parts.aliases > 0 ? { aliases: this.parts.aliases } : {}),
        ...(this.parts.aliasesUncompared ? { aliasesUncompared: this.parts.aliasesUncompared.paths } : {}),
        complete: incompleteBecause === undefined,
        ...(incompleteBecause ? { stopped: this.parts.boundReached && incompleteBecause !== 'limit' ? `limit, then ${incompleteBecause}` : incompleteBecause } : {}),
        savedAt: this.parts.now(),
      },
      shownPathChunks(order, found.names, found.scopeOf, scopes, found.allVerbatim),
      options.signal,
    );
    return this.spill;
  }
}

/** The pattern at any depth, as the answer offers it: from the folder an absolute pattern named, where that narrowed the search. */
function anyDepthOffered(request: GlobRequest): string | undefined {
  const anyDepth = atAnyDepth(request.pattern.source);
  return anyDepth === undefined ? undefined : offeredPattern(request.absoluteRoot, anyDepth);
}

/**
 * For a result with matches, "{ts, tsx}" written with spaces: " tsx" matches only names with a
 * space, so "src/**\/*.{ts, tsx}" found the .ts files and none of the .tsx ones, and the answer
 * looked complete; so did "*.y{a,}ml", whose empty alternative is dropped, with the .yml files.
 */
function bracesSlip(pattern: string): Pick<PatternSlips, 'bracesWithoutSpaces' | 'emptyAlternative'> {
  const { bracesWithoutSpaces, emptyAlternative } = patternSlips(pattern);
  return { ...(bracesWithoutSpaces === undefined ? {} : { bracesWithoutSpaces }), ...(emptyAlternative === undefined ? {} : { emptyAlternative }) };
}

/**
 * The deepest directory holding every match, and whether each lies directly in it. The advice
 * for a page under one entry said "pass it as path" one level at a time ("big", then
 * "big/src", then "big/src/deep", where all 200 files lay directly): each a call that spread
 * nothing. One pass over the shown paths, each mostly a prefix test.
 */
function deepestDirectory(order: Uint32Array, names: readonly RawName[], scopeOf: Uint32Array, scopes: GlobRequest['scopes']): { within?: { path: string; flat: boolean } } {
  let directory: string | undefined;
  let flat = true;
  for (const match of order) {
    const name = names[match];
    if (typeof name !== 'string') {
      return {};
    }
    const path = plainPath(scopes[scopeOf[match]], name);
    if (directory === undefined) {
      directory = path.slice(0, path.lastIndexOf('/') + 1);
    } else if (!path.startsWith(directory)) {
      let same = 0;
      while (same < directory.length && directory.charCodeAt(same) === path.charCodeAt(same)) {
        same += 1;
      }
      directory = directory.slice(0, directory.lastIndexOf('/', same - 1) + 1);
      // Those before lie below the shorter directory, not in it.
      flat = false;
    }
    if (flat && path.indexOf('/', directory.length) !== -1) {
      flat = false;
    }
  }
  return directory ? { within: { path: directory, flat } } : {};
}
