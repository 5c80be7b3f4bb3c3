/**
 * For an empty answer that lists the directories beside a missing one: which of them the search
 * walks into, asked of ripgrep with the search's own rules. A directory hidden by an ignore file
 * ("dist/", "build/", "coverage/") is there on disk, but offering it sends a model into a second
 * search that finds nothing; so does one without a file. Only ripgrep knows what its ignore files
 * hide, so it is asked rather than they are read here.
 *
 * A directory is searched once ripgrep lists a file below it; one it hides is known only from a
 * walk that ended without it. So two walks of the parent: a shallow one, which meets most of them
 * near their top, then, for those not met, a whole one that skips those already met (a negative
 * glob, which lifts no ignore rule). The second walks only what the first could not settle: the
 * hidden directories, which ripgrep does not enter, and those whose files all lie deeper.
 */

import { countingWalks, type CountingWalkOptions } from './countingWalk';
import type { ScopeRules } from '../glob';
import type { Siblings } from './missingDirectory';
import type { GlobRequest, SearchScope } from '../request/request';
import { skippingGlob } from '../ripgrep/narrow';

export interface SearchedDirectoriesOptions extends CountingWalkOptions {
  readonly rulesFor: (scope: SearchScope) => ScopeRules;
}

/**
 * How many directories below a sibling the shallow walk lists files from: "src/main.ts" and
 * "src/app/index.ts" are met there, "src/app/routes/index.ts" in the whole walk. An empty answer
 * for "frontend/**\/*.py" in a copy of the 100k benchmark tree with "build/" ignored took 0.52 s
 * against 0.455 s without these walks; with two levels, 0.56 s (the shallow walk then lists 15,000
 * names instead of 3,500); 8 interleaved runs of `node dist/cli.js PATTERN` on 2 cores.
 */
const SHALLOW_LEVELS = 1;

/**
 * The siblings' names with a file the search lists below them, in their order. When a walk was
 * cut (the time bound) or could not run, every name is kept: those not seen may still hold files.
 */
export async function searchedDirectories(request: GlobRequest, siblings: Siblings, options: SearchedDirectoriesOptions): Promise<readonly string[]> {
  const started = Date.now();
  const seen = new Set<string>();
  const allSeen = (): boolean => seen.size === siblings.names.length;
  // Each walk gets what is left of the time.
  const walk = (scopeArgs: (scope: SearchScope) => readonly string[]): Promise<boolean | undefined> =>
    sightings(request, siblings, seen, scopeArgs, { ...options, timeLimitMs: options.timeLimitMs - (Date.now() - started) });
  const shallow = await walk((scope) => ['--max-depth', String(scope.rootSegments.length + siblings.parent.length + 1 + SHALLOW_LEVELS + 1)]);
  if (allSeen() || shallow !== true) {
    return siblings.names;
  }
  // The whole walk skips the directories already met; undefined where one glob cannot name them all.
  const met = siblings.names.filter((name) => seen.has(name));
  const skipping = new Map(
    request.scopes.map((scope) => {
      const glob = met.length > 0 ? skippingGlob([...scope.rootSegments, ...siblings.parent], met) : '';
      return [scope, glob === undefined ? undefined : glob ? ['--glob', glob] : []];
    }),
  );
  if ([...skipping.values()].some((args) => args === undefined)) {
    return siblings.names;
  }
  const whole = await walk((scope) => skipping.get(scope) ?? []);
  return whole === true ? siblings.names.filter((name) => seen.has(name)) : siblings.names;
}

/** One walk of the siblings' parent, adding to `seen` each sibling a file is listed below. */
function sightings(
  request: GlobRequest,
  siblings: Siblings,
  seen: Set<string>,
  scopeArgs: (scope: SearchScope) => readonly string[],
  options: SearchedDirectoriesOptions,
): Promise<boolean | undefined> {
  const wanted = new Set(siblings.names);
  const prefix = siblings.parent.map((name) => `${name}/`).join('');
  return countingWalks(
    request,
    {
      purpose: 'findSearchedDirectories',
      rules: (scope) => ({ ...options.rulesFor(scope), includeIgnored: request.includeIgnored }),
      directories: siblings.parent,
      sieve: [],
      scopeArgs,
      consider: (_scope, _name, relative) => {
        const end = relative.indexOf('/', prefix.length);
        if (end > prefix.length && relative.startsWith(prefix)) {
          const directory = relative.slice(prefix.length, end);
          if (wanted.has(directory)) {
            seen.add(directory);
          }
        }
        return { counted: seen.size, enough: seen.size === wanted.size };
      },
    },
    options,
  );
}
