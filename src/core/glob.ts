/**
 * The search, stage by stage: request → list and stat (ripgrep) → order → group, then for any
 * page size: page → spill → text. Each stage is a module of its own; this one passes data along
 * and owns the stop signal (cancellation, timeout, size bound) that every stage obeys.
 */

import { collectMatches } from './walk/collect';
import type { RipgrepEvent } from './ripgrep/reported';
import { groupByTopLevelEntry } from './page/group';
import { probeIgnored, probeIgnoredInNearDirectory } from './emptyAnswer/ignoredProbe';
import type { StatMode } from './walk/modifiedTimes';
import { aliasCount } from './order/aliases';
import { modifiedOrder } from './order/order';
import { joinName } from './names';
import { excludedBy, firstMissingDirectory } from './emptyAnswer/missingDirectory';
import { probeNearMatches, type NearMatches } from './emptyAnswer/nearMatches';
import { probedRequest } from './emptyAnswer/probedRequest';
import { versionControlNamed } from './request/patternPath';
import { searchedDirectories } from './emptyAnswer/searchedDirectories';
import { CompletedSearch } from './page/present';
import type { GlobResult } from './page/result';
import type { WalkRules } from './ripgrep/args';
import type { GlobRequest, SearchScope } from './request/request';
import type { SpillLimits } from './spill/spill';
import { realTimer, Stopper, type StartTimer } from './walk/stopper';

/** Ignore rules for one walk, everything but `includeIgnored` (which the request carries). */
export type ScopeRules = Omit<WalkRules, 'includeIgnored'>;

export interface GlobOptions {
  /** The ripgrep binary. */
  readonly ripgrepPath: string;
  /** Page size. @default 100 */
  readonly maxResults?: number;
  /** Stop after this long and return what was found, marked incomplete. @default no limit */
  readonly timeoutMs?: number;
  /** Aborting it stops the search; the result is then marked incomplete. */
  readonly signal?: AbortSignal;
  /**
   * Ignore rules, for every walk or per walk (VS Code's search settings are per folder).
   * @default ignore files honoured (parent and global ones too), symbolic links not followed
   */
  readonly rules?: Partial<ScopeRules> | ((scope: SearchScope) => Partial<ScopeRules>);
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
  /** How file times are read (see modifiedTimes.ts). @default 'pool' */
  readonly statMode?: StatMode;
  /**
   * How long a search that found nothing may spend counting the files `includeIgnored` would find
   * (ignoredProbe.ts) and, at the same time, those that patterns near the one given match
   * (nearMatches.ts) and which directories beside a missing one are searched
   * (searchedDirectories.ts), then in what is left, where a missing directory's near one holds no
   * match, the files there that ignore rules hide; 0 turns these walks off.
   * @default DEFAULT_EMPTY_PROBE_MS
   */
  readonly emptyProbeMs?: number;
}

/** Default page size (SPEC §2). */
export const DEFAULT_MAX_RESULTS = 100;
/**
 * Paths held at most. A search peaks at about 250-300 bytes per held path (measured at a million
 * with npm run bench -- --huge), so this keeps one under ~600 MB; a tree with more matching files
 * gets a result marked incomplete, with what was found, instead of exhausting memory.
 */
export const DEFAULT_MAX_PATHS = 2_000_000;

/**
 * An empty answer's looks at what else would match. The look at the ignored files walks the
 * whole tree with nothing ignored: ripgrep lists the warm 100k benchmark tree in about a quarter
 * of a second here (`rg --files --no-ignore --threads 1`), so a second covers the node_modules of
 * most workspaces and bounds what an empty answer costs beyond the search; past it, the answer
 * gives what was counted by then, or the plain advice.
 */
export const DEFAULT_EMPTY_PROBE_MS = 1_000;

/** What an answer that is not empty, or that looks at no near pattern, learned of them. */
const NO_NEAR_MATCHES: NearMatches = { relatedExtensions: [] };

export const DEFAULT_RULES: ScopeRules = {
  useIgnoreFiles: true,
  useParentIgnoreFiles: true,
  useGlobalIgnoreFiles: true,
  followSymlinks: false,
  excludeGlobs: [],
  conditionalExcludes: [],
};

/** A finished search: the complete ordered result, ready to be shown at any page size. */
export interface GlobSearch {
  /** Files in the complete result. */
  readonly total: number;
  /**
   * The result with a page of at most `maxResults` paths. The complete list is saved the first
   * time a page does not hold it all, and reused by later pages.
   */
  page(maxResults: number): Promise<GlobResult>;
  /** Lets go of the complete result (and of the worker thread holding it, if any). */
  dispose(): void;
}

/** The rules for one walk: the defaults, overridden by what the options say. */
export function rulesForScope(options: Pick<GlobOptions, 'rules'>, scope: SearchScope): ScopeRules {
  return { ...DEFAULT_RULES, ...(typeof options.rules === 'function' ? options.rules(scope) : options.rules) };
}

export async function runGlob(request: GlobRequest, options: GlobOptions): Promise<GlobResult> {
  const search = await searchGlob(request, options);
  try {
    return await search.page(options.maxResults ?? DEFAULT_MAX_RESULTS);
  } finally {
    search.dispose();
  }
}

export async function searchGlob(request: GlobRequest, options: GlobOptions): Promise<GlobSearch> {
  const now = options.now ?? (() => new Date());
  const started = now().getTime();
  const maxPaths = options.maxPaths ?? DEFAULT_MAX_PATHS;
  const rulesFor = (scope: SearchScope): ScopeRules => rulesForScope(options, scope);
  const stopper = new Stopper(options.signal, options.timeoutMs, options.startTimer ?? realTimer);
  try {
    const found = await collectMatches(
      request,
      {
        ripgrepPath: options.ripgrepPath,
        rulesFor,
        maxPaths,
        onRipgrep: options.onRipgrep,
        onProgress: options.onProgress,
        statMode: options.statMode ?? 'pool',
      },
      stopper,
    );
    const { names, scopeOf, mtimes } = found;
    const scopes = request.scopes;
    const { order, repeated, sharingInode } = modifiedOrder(mtimes, { names, scopeOf, prefixes: scopes.map(({ shownPrefix }) => shownPrefix) }, found.inodes);
    // Only a stop that means "now" ends the comparison: after the size bound the held files are compared.
    const aliases = await aliasCount(sharingInode, (match) => joinName(scopes[scopeOf[match]].walkRoot, names[match]), stopper.nowSignal);
    // A stop that came once ripgrep had listed everything and every time was read cut nothing.
    const cutNothing = found.listedAll && found.skipped === 0;
    const incompleteBecause = cutNothing ? undefined : (stopper.reason ?? (found.killedBy ? 'ripgrepKilled' : undefined));
    const searchMs = now().getTime() - started;
    const probeMs = options.emptyProbeMs ?? DEFAULT_EMPTY_PROBE_MS;
    // Not after a stop that cut nothing: the looks would end at once, and say they were cut.
    // Nor for a pattern inside version-control metadata: no other place or setting would list it.
    const inMetadata = versionControlNamed(request.pattern.source) !== undefined;
    const probing = order.length === 0 && incompleteBecause === undefined && !stopper.signal.aborted && probeMs > 0 && !inMetadata;
    const probe = { ripgrepPath: options.ripgrepPath, rulesFor, timeLimitMs: probeMs, signal: stopper.signal, onRipgrep: options.onRipgrep };
    // The looks below offer patterns: from the pattern as meant, not with its empty alternative dropped.
    const probed = order.length === 0 ? probedRequest(request) : request;
    // Looked up before the walks, which count what the pattern finds with a near directory instead;
    // not for a pattern naming a place outside the workspace, whose directories are that place's.
    const missing =
      order.length === 0 && incompleteBecause === undefined && !request.absoluteElsewhere && !inMetadata ? await firstMissingDirectory(probed, excludedBy(probed, rulesFor)) : undefined;
    // Side by side: each is a walk of its own, and an empty answer waits for all.
    const probesStarted = Date.now();
    const ignoredProbe = {
      ...probe,
      // Names in the pattern's own case with another extension that the listing did not find are
      // ignored ones: it found none, or only names in another case.
      withSameStem: found.sameStem === undefined || found.sameStem.otherCase !== undefined,
      withAnyDepth: missing !== undefined,
    };
    const [ignoredAsProbed, nearAsProbed, searched] = probing
      ? await Promise.all([
          request.includeIgnored ? undefined : probeIgnored(probed, ignoredProbe),
          // A pattern naming a place outside the workspace gets "path" advice instead (request.ts).
          request.absoluteElsewhere ? NO_NEAR_MATCHES : probeNearMatches(probed, { ...probe, searchMs, countPattern: probed !== request }, missing),
          missing?.siblings ? searchedDirectories(probed, missing.siblings, probe) : undefined,
        ])
      : [undefined, NO_NEAR_MATCHES, undefined];
    // Where the pattern written out finds files under the search's rules, it is the answer: the
    // looks took its files for ones the search missed, in subdirectories or ignored.
    const writtenOutFinds = nearAsProbed.pattern !== undefined;
    const ignored = writtenOutFinds ? undefined : ignoredAsProbed;
    const near = writtenOutFinds ? NO_NEAR_MATCHES : nearAsProbed;
    // After the near walk, which tells whether the near directory holds no match under the rules.
    const nearIgnored = probing && !writtenOutFinds ? await probeIgnoredInNearDirectory(probed, near.nearDirectory, { ...probe, timeLimitMs: probeMs - (Date.now() - probesStarted) }) : undefined;
    const missingAsShown = missing?.siblings && searched ? { ...missing, siblings: { ...missing.siblings, names: searched } } : missing;
    return new CompletedSearch({
      request,
      found,
      order,
      repeated,
      aliases: aliases.aliases,
      // Paths are left uncompared only once the now signal fired, which set the reason.
      ...(aliases.uncompared > 0 ? { aliasesUncompared: { paths: aliases.uncompared, because: stopper.reason ?? 'cancelled' } } : {}),
      ...(ignored ? { ignored } : {}),
      near,
      ...(nearIgnored ? { nearIgnored } : {}),
      ...(missingAsShown ? { missing: missingAsShown } : {}),
      entries: groupByTopLevelEntry(order, found.entries, scopes),
      incompleteBecause,
      boundReached: incompleteBecause !== undefined && stopper.boundReached,
      excludesApplied: scopes.some((scope) => rulesFor(scope).excludeGlobs.length > 0),
      options: { ...options, maxPaths },
      started,
      now,
    });
  } finally {
    stopper.dispose();
  }
}
