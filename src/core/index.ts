/**
 * The engine's public face: validate raw input into a request, run it. The command line and the
 * VS Code adapter use only what is exported here.
 */

import { runGlob, type GlobOptions } from './glob';
import { resolveRequest, type WorkspaceFolder } from './request/request';
import type { GlobResult } from './page/result';

export { GlobError, isGlobError, type GlobErrorKind } from './errors';
export { DEFAULT_MAX_PATHS, DEFAULT_MAX_RESULTS, runGlob, searchGlob, type GlobOptions, type GlobSearch } from './glob';
export { searchGlobInWorker } from './worker/workerSearch';
export { GLOB_INPUT_FIELDS, parseGlobInput, type GlobInput } from './request/input';
export { parseShownName, showName, type RawName } from './names';
export { resolveRequest, type GlobRequest, type RequestContext, type SearchScope, type WorkspaceFolder } from './request/request';
export { whereNotOnDisk, whyNotOnDisk, type FolderNotOnDisk } from './request/foldersOnDisk';
export { cancelledIn, type GlobResult, type PagePath, type TopLevelEntry } from './page/result';
export type { RipgrepEvent } from './ripgrep/reported';
export { echoed } from './longInput';
export { DEFAULT_SPILL_LIMITS, type SpillLimits, type SpillOutcome } from './spill/spill';
export { parseSpillHeader, resolveSpillLine } from './spill/spillFormat';
export { VSCODE_DEFAULT_RULES } from './vscodeDefaults';

/** Validates `input` against the workspace `folders` and runs the search. */
export async function glob(input: unknown, folders: readonly WorkspaceFolder[], options: GlobOptions): Promise<GlobResult> {
  const request = await resolveRequest(input, { folders, ripgrepPath: options.ripgrepPath });
  return runGlob(request, options);
}
