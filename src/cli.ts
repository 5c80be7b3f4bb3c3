/**
 * The command line over the engine (SPEC §8). It prints exactly what the model would see: the
 * working directory plays the workspace folder, the search follows VS Code's default search
 * settings, complete lists go to a per-user cache directory, and ripgrep comes from the packaged
 * `@vscode/ripgrep` (then PATH). The first Ctrl-C (or SIGTERM, or SIGHUP) stops the search,
 * ripgrep with it, and still prints what was found, marked incomplete.
 */

import { constants } from 'node:os';
import * as nodePath from 'node:path';
import { cancelledIn, DEFAULT_MAX_RESULTS, isGlobError, resolveRequest, searchGlob, VSCODE_DEFAULT_RULES, type GlobResult } from './core';
import { ownThreadStatMode } from './core/walk/modifiedTimes';
import { parseShownName, surrogateEscaped } from './core/names';
import { locateRipgrep, packagedRipgrep, ripgrepOnPath } from './core/ripgrep/locate';
import { prunesSettled } from './core/spill/spill';
import { readCommandLine, USAGE } from './cliArguments';

/**
 * The signals that stop a search as Ctrl-C does. Left to their default, SIGTERM ("timeout", a CI
 * job cancelled, kill) and SIGHUP (the terminal closed) ended this process alone, and ripgrep, in
 * a process group of its own, went on walking the tree for no one.
 */
const STOPPING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Where ripgrep can come from for the command line, when none was found. */
const RIPGREP_ADVICE = 'Install ripgrep so that "rg" is on PATH, or run "npm install" where workspace-glob is installed to restore the ripgrep it ships.';

const HELP = `${USAGE}

Finds files whose paths match PATTERN under PATH (default: the current directory), oldest
first, and prints what the glob tool gives a model: the page of paths, then a footer. When more
files match than fit on a page, the page is a round-robin sample across the top-level entries
and the complete sorted list is saved to a file named in the footer.

Files are skipped as VS Code's search skips them with its default settings: those hidden by
.gitignore, .ignore and .rgignore files in the current directory and below (not those of the
folders above it, nor git's global excludes), node_modules, bower_components and
version-control folders, .DS_Store, Thumbs.db and *.code-search files. Links to directories
are followed.

  PATTERN              ripgrep-style glob: "*.ts" matches names at any depth, "src/**/*.ts"
                       is anchored to PATH, "src/" means everything under src
  --json               print one JSON object (root, pattern, total, paths, sampled, complete,
                       topLevel, spill, text) instead of the text
  --max-results N      page size (default 100)
  --include-ignored    also match the files skipped above (version-control folders stay out)
  --timeout-seconds S  stop after S seconds (at least 0.001) and print what was found,
                       marked incomplete; over 2,147,483.647 (about 25 days), no limit
`;

/**
 * Exit codes: 0 success (an empty result too), 1 the search could not run, 2 bad input, 128 + the
 * signal's number for a search a signal stopped (130 for Ctrl-C; what it found is printed all the same).
 */
async function main(argv: readonly string[]): Promise<number> {
  const commandLine = readCommandLine(argv);
  if (commandLine.kind === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  if (commandLine.kind === 'usageError') {
    return usageError(commandLine.message);
  }
  const { pattern, path, maxResults, timeoutSeconds } = commandLine;
  const cwd = process.cwd();
  const controller = new AbortController();
  let stoppedBy: NodeJS.Signals = 'SIGINT';
  const interrupt = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) {
      process.exit(signalExitCode(signal));
    }
    stoppedBy = signal;
    controller.abort();
  };
  for (const signal of STOPPING_SIGNALS) {
    process.on(signal, interrupt);
  }
  try {
    const ripgrepPath = await locateRipgrep([packagedRipgrep, ripgrepOnPath], RIPGREP_ADVICE);
    const input = { pattern, ...(path !== undefined ? { path } : {}), ...(commandLine.includeIgnored ? { includeIgnored: true } : {}) };
    const request = await resolveRequest(input, { folders: [{ name: nodePath.basename(cwd), path: cwd }], ripgrepPath });
    // In-process: nothing else runs on this thread, and a worker's start-up would only add time;
    // for the same reason, on a small machine, times are read here until most names match.
    const search = await searchGlob(request, {
      ripgrepPath,
      rules: VSCODE_DEFAULT_RULES,
      statMode: ownThreadStatMode(),
      ...(timeoutSeconds !== undefined ? { timeoutMs: timeoutSeconds * 1000 } : {}),
      signal: controller.signal,
      spillDirectory: await spillDirectory(),
    });
    let result: GlobResult;
    try {
      result = await search.page(maxResults ?? DEFAULT_MAX_RESULTS);
    } finally {
      search.dispose();
    }
    process.stdout.write(commandLine.json ? `${JSON.stringify(toJson(result), null, 2)}\n` : `${result.text}\n`);
    return cancelledIn(result) ? signalExitCode(stoppedBy) : 0;
  } catch (error) {
    const message = oneLine((error as Error).message);
    process.stderr.write(`workspace-glob: ${message}\n`);
    return isGlobError(error) && (error.kind === 'ripgrepNotFound' || error.kind === 'ripgrepFailed') ? 1 : 2;
  } finally {
    for (const signal of STOPPING_SIGNALS) {
      process.off(signal, interrupt);
    }
  }
}

/** The exit code of a process a signal ended (128 + its number), as shells report it. */
function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

/**
 * The message on one line: each line break, with the spaces around it, becomes one space. Not
 * with a regular expression of optional spaces around a line break, which starts again at every
 * space: a message quoting a "path" of 100,000 spaces took half a minute.
 */
function oneLine(message: string): string {
  const lines = message.split('\n');
  return lines.map((line, i) => (i > 0 ? line.trimStart() : line)).map((line, i) => (i < lines.length - 1 ? line.trimEnd() : line)).join(' ');
}

/** The object `--json` prints (SPEC §8). */
function toJson(result: GlobResult): Record<string, unknown> {
  const byCount = [...result.topLevel.entries].sort((a, b) => b.count - a.count);
  return {
    root: result.roots.length === 1 ? result.roots[0] : result.roots,
    pattern: result.pattern,
    total: result.total,
    paths: result.page.map((path) => jsonPath(path.shown)),
    sampled: result.sampled,
    complete: result.complete,
    topLevel: {
      total: result.topLevel.entries.length,
      reached: result.topLevel.reached,
      counts: byCount.map((entry) => [jsonPath(entry.label), entry.count]),
    },
    spill: result.spill?.saved ? result.spill.path : null,
    text: result.text,
  };
}

/**
 * A path or entry as JSON gives it: unquoted, as "path" takes it, and one string per name, a name
 * that is not UTF-8 included (surrogateEscaped).
 */
function jsonPath(shown: string): string {
  return surrogateEscaped(parseShownName(shown));
}

async function spillDirectory(): Promise<string> {
  // The XDG base directory spec: a relative path in XDG_CACHE_HOME is invalid and is to be
  // ignored. env-paths takes it as it is, which put the lists under the current directory, the
  // workspace searched, where the next search lists them as files of the project.
  const cacheHome = process.env.XDG_CACHE_HOME;
  if (cacheHome !== undefined && !nodePath.isAbsolute(cacheHome)) {
    delete process.env.XDG_CACHE_HOME;
  }
  const { default: envPaths } = (await import('env-paths')) as { default: (name: string, options: { suffix: string }) => { cache: string } };
  return nodePath.join(envPaths('workspace-glob', { suffix: '' }).cache, 'lists');
}

function usageError(message: string): number {
  process.stderr.write(`workspace-glob: ${message} (see workspace-glob --help)\n`);
  return 2;
}

// A reader that stops early (`workspace-glob '*' | head -3`) closes the pipe: the rest of the
// answer has nowhere to go, which is no failure of the search, and command-line tools end
// quietly there. Node ignores SIGPIPE, so without this the write's error ends it with a trace.
// Any other failure to write (a full disk) is said on one line, as every other error is.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') {
    process.stderr.write(`workspace-glob: could not write the answer: ${oneLine(error.message)}\n`);
  }
  process.exit(error.code === 'EPIPE' ? 0 : 1);
});

/**
 * Ends the process once what it wrote is out and the prune of older complete lists (spill.ts) has
 * ended. Left to end by itself, Node tears its heap down first: on the 100k benchmark tree the
 * process ended 20-21 ms after the answer's last byte, against 16-17 with this; 35 against 18
 * while another job kept the machine busy (medians of 8 runs, seen from the process that started
 * `node dist/cli.js '*.ts'`). The empty writes' callbacks come after everything written before
 * them is out, also where stdout is asynchronous (pipes on macOS).
 */
async function exitWhenWritten(code: number): Promise<void> {
  await prunesSettled();
  // Only a stream still holding text, or one whose write failed (its error is said on a later
  // tick, and exits), is waited for: an empty write is a write all the same, and one to a full
  // disk failed where nothing had been written (an input error with stdout on /dev/full said it
  // could not write the answer, and exited 1 instead of 2).
  const holding = [process.stdout, process.stderr].filter((stream) => stream.writableLength > 0 || stream.errored !== null);
  await Promise.all(holding.map((stream) => new Promise((written) => stream.write('', written))));
  process.exit(code);
}

main(process.argv.slice(2)).then(exitWhenWritten, (error: unknown) => {
  process.stderr.write(`workspace-glob: ${(error as Error).stack ?? String(error)}\n`);
  return exitWhenWritten(1);
});
