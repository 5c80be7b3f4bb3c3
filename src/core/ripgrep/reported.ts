/**
 * A ripgrep run told to whoever watches the engine: one event when ripgrep has started (its
 * command line, working directory and process id) and one when it has ended (how many names it
 * printed, how many the caller kept, its exit code and how long it took). The VS Code adapter logs
 * them to its output channel (SPEC §7), so every walk the engine makes shows there, the search's
 * own and the ones an empty answer or a nested folder asks for.
 */

import { runRipgrep, type RipgrepInvocation, type RipgrepOutcome, type RipgrepRunOptions } from './process';

export interface RipgrepEvent {
  readonly phase: 'start' | 'end';
  readonly command: readonly string[];
  readonly cwd: string;
  readonly pid?: number;
  readonly listed?: number;
  readonly matched?: number;
  readonly exitCode?: number | null;
  readonly elapsedMs?: number;
  /**
   * Set on the walks of an empty answer that count the files `includeIgnored` would add and
   * those that patterns near the one given match, on the one that finds which directories
   * beside a missing one are searched (countingWalk.ts), and on the one that asks which files a
   * folder nested in another shows (nestedFolders.ts).
   */
  readonly purpose?: 'countIgnored' | 'countNear' | 'findSearchedDirectories' | 'checkNestedFolder';
}

export interface RipgrepReport {
  readonly onRipgrep?: (event: RipgrepEvent) => void;
  readonly purpose?: RipgrepEvent['purpose'];
  /** How many of the names the caller kept, asked once ripgrep has ended. */
  readonly matched: () => number;
}

/** runRipgrep, with its start and end told to `report.onRipgrep`. */
export async function runReportedRipgrep(invocation: RipgrepInvocation, options: RipgrepRunOptions, report: RipgrepReport): Promise<RipgrepOutcome> {
  const told = {
    command: [invocation.ripgrepPath, ...invocation.args],
    cwd: invocation.cwd,
    ...(report.purpose ? { purpose: report.purpose } : {}),
  };
  const started = Date.now();
  let pid: number | undefined;
  const outcome = await runRipgrep(invocation, {
    ...options,
    onSpawn: (spawned) => {
      pid = spawned;
      report.onRipgrep?.({ ...told, phase: 'start', pid });
    },
  });
  report.onRipgrep?.({ ...told, phase: 'end', pid, listed: outcome.listed, matched: report.matched(), exitCode: outcome.exitCode, elapsedMs: Date.now() - started });
  return outcome;
}
