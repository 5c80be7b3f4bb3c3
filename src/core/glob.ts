/**
 * The search, stage by stage: request → list and stat (ripgrep) → order → group → page →
 * spill → text. Each stage is a module of its own; this one only passes data along and owns
 * the stop signal (cancellation, timeout, size bound) that every stage obeys.
 */

import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { collectMatches, type RipgrepEvent } from './collect';
import { groupByTopLevelEntry } from './group';
import { nameText } from './names';
import { compareText, modifiedOrder } from './order';
import { renderModelText } from './render';
import type { GlobResult, Incompleteness, PagePath, TopLevelEntry } from './result';
import type { WalkRules } from './ripgrep/args';
import type { GlobRequest } from './request';
import { absolutePath, plainPath, shownPath } from './scopePaths';
import { groupedForPrinting, roundRobinPage } from './sample';
import { DEFAULT_SPILL_LIMITS, saveSpill, type SpillLimits, type SpillOutcome } from './spill';
import { realTimer, Stopper, type StartTimer } from './stopper';

export interface GlobOptions {
  /** The ripgrep binary. */
  readonly ripgrepPath: string;
  /** Page size. @default 100 */
  readonly maxResults?: number;
  /** Stop after this long and return what was found, marked incomplete. @default no limit */
  readonly timeoutMs?: number;
  /** Aborting it stops the search; the result is then marked incomplete. */
  readonly signal?: AbortSignal;
  /** Ignore rules besides `includeIgnored`. @default VS Code's search defaults but parent ignore files on */
  readonly rules?: Partial<Omit<WalkRules, 'includeIgnored'>>;
  /** Where complete lists are saved; no list is saved without it. */
  readonly spillDirectory?: string;
  readonly spillLimits?: SpillLimits;
  /** The most matching paths held; beyond it the result is marked incomplete. @default 2,000,000 */
  readonly maxPaths?: number;
  /** Called at each ripgrep start and end, for logs. */
  readonly onRipgrep?: (event: RipgrepEvent) => void;
  /** Called now and then with the number of matches so far. */
  readonly onProgress?: (matches: number) => void;
  /** @default the real clock */
  readonly now?: () => Date;
  /** @default setTimeout */
  readonly startTimer?: StartTimer;
}

/** Default page size (SPEC §2). */
export const DEFAULT_MAX_RESULTS = 100;
/**
 * Paths held at most. At about 150 bytes per held path this keeps a search under ~300 MB; a
 * tree with more matching files gets a result marked incomplete instead of exhausting memory.
 */
export const DEFAULT_MAX_PATHS = 2_000_000;

const DEFAULT_RULES: Omit<WalkRules, 'includeIgnored'> = {
  useIgnoreFiles: true,
  useParentIgnoreFiles: true,
  useGlobalIgnoreFiles: true,
  followSymlinks: false,
  excludeGlobs: [],
};

export async function runGlob(request: GlobRequest, options: GlobOptions): Promise<GlobResult> {
  const now = options.now ?? (() => new Date());
  const started = now().getTime();
  const maxResults = Math.max(1, Math.floor(options.maxResults ?? DEFAULT_MAX_RESULTS));
  const maxPaths = options.maxPaths ?? DEFAULT_MAX_PATHS;
  const rules = { ...DEFAULT_RULES, ...options.rules };
  const stopper = new Stopper(options.signal, options.timeoutMs, options.startTimer ?? realTimer);
  try {
    const found = await collectMatches(
      request,
      { ripgrepPath: options.ripgrepPath, rules, maxPaths, onRipgrep: options.onRipgrep, onProgress: options.onProgress },
      stopper,
    );
    const { names, scopeOf, mtimes } = found;
    const scopes = request.scopes;
    const shown = (match: number): string => shownPath(scopes[scopeOf[match]], names[match]);
    const sortKey = (match: number): string => scopes[scopeOf[match]].shownPrefix + nameText(names[match]);

    const order = modifiedOrder(mtimes, (a, b) =>
      scopeOf[a] === scopeOf[b] ? compareText(nameText(names[a]), nameText(names[b])) : compareText(sortKey(a), sortKey(b)),
    );
    const entries = groupByTopLevelEntry(order, names, scopeOf, scopes);
    const sampled = order.length > maxResults;
    const positions = sampled
      ? groupedForPrinting(roundRobinPage(entries, maxResults), entries)
      : Array.from(order.keys());

    const onPage = new Uint32Array(entries.labels.length);
    const page: PagePath[] = positions.map((position) => {
      const match = order[position];
      onPage[entries.entryOf[position]] += 1;
      return {
        shown: shown(match),
        path: plainPath(scopes[scopeOf[match]], names[match]),
        absolutePath: absolutePath(scopes[scopeOf[match]], names[match]),
        entry: entries.entryOf[position],
      };
    });
    const topLevelEntries: TopLevelEntry[] = entries.labels.map((label, entry) => ({
      label,
      count: entries.counts[entry],
      onPage: onPage[entry],
    }));

    const incompleteBecause: Incompleteness | undefined = stopper.reason ?? (found.killedBy ? 'ripgrepKilled' : undefined);
    const complete = incompleteBecause === undefined;
    let spill: SpillOutcome | null = null;
    if (sampled && options.spillDirectory !== undefined) {
      spill = await saveSpill(
        options.spillDirectory,
        options.spillLimits ?? DEFAULT_SPILL_LIMITS,
        {
          pattern: request.pattern.source,
          roots: scopes.map((scope) => ({ prefix: scope.shownPrefix, path: scope.walkRoot })),
          total: order.length,
          complete,
          ...(incompleteBecause ? { stopped: incompleteBecause } : {}),
          savedAt: now(),
        },
        (position) => shown(order[position]),
        stopper.signal,
      );
    }

    const facts = {
      pattern: request.pattern.source,
      rootLabel: request.rootLabel,
      roots: scopes.map((scope) => scope.searchRoot),
      includeIgnored: request.includeIgnored,
      total: order.length,
      page,
      sampled,
      complete,
      ...(incompleteBecause ? { incompleteBecause } : {}),
      topLevel: { entries: topLevelEntries, reached: topLevelEntries.filter((entry) => entry.onPage > 0).length },
      spill,
      warnings: { count: found.warningCount, first: found.warnings },
      dropped: { vanished: found.vanished, unreadable: found.unreadable, skipped: found.skipped },
      ...(order.length === 0 ? { missingDirectory: await missingDirectory(request) } : {}),
      elapsedMs: now().getTime() - started,
    };
    const text = renderModelText(facts, {
      maxResults,
      anchored: request.pattern.anchored,
      excludesApplied: rules.excludeGlobs.length > 0,
      timeoutMs: options.timeoutMs,
      maxPaths,
    });
    return { ...facts, text };
  } finally {
    stopper.dispose();
  }
}

/** The first literal directory of the pattern that is missing, to explain an empty result. */
async function missingDirectory(request: GlobRequest): Promise<string | undefined> {
  const directories = request.pattern.literalDirectories;
  for (let depth = 1; depth <= directories.length; depth += 1) {
    const relative = directories.slice(0, depth).join('/');
    const exists = await Promise.all(
      request.scopes.map((scope) => fs.stat(nodePath.join(scope.searchRoot, relative)).then((stats) => stats.isDirectory(), () => false)),
    );
    if (!exists.some(Boolean)) {
      return `${relative}/`;
    }
  }
  return undefined;
}
