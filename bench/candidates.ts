/**
 * What is compared on each tree: the engine in-process and through its command line, and the
 * reference commands issue 4 names. Each candidate knows how to take one sample and how many
 * lines (or matches) a correct run lists, so a broken candidate is caught instead of timed.
 */

import * as nodePath from 'node:path';
import { runEngineWorker } from './engineRun';
import { measureCommand, type CommandLine, type Sample, type Scratch } from './measure';
import type { Tools } from './tools';
import type { BuiltTree } from './treeCache';

export type CandidateId = 'engine' | 'cli' | 'rg15Sorted' | 'rg15Unsorted' | 'rg13Sorted' | 'floor';

export interface Candidate {
  readonly id: CandidateId;
  readonly label: string;
  /** The command, as a reader would type it (for the report). */
  readonly shown: string;
  /** What a correct run lists: matches, or every file for the floor; undefined when not checked. */
  readonly expected?: number;
  sample(): Promise<Sample>;
}

export function candidatesFor(tree: BuiltTree, tools: Tools): Candidate[] {
  const { pattern } = tree.spec;
  const scratch: Scratch = {
    outputFile: nodePath.join(tools.cacheDirectory, 'output.txt'),
    timeFile: nodePath.join(tools.cacheDirectory, 'time.txt'),
  };
  // Reference commands read no user configuration, as the engine passes --no-config.
  const env = { ...process.env };
  delete env.RIPGREP_CONFIG_PATH;
  const external = (command: CommandLine) => () => measureCommand(command, scratch, tools.gnuTime);
  const spillDirectory = nodePath.join(tools.cacheDirectory, 'spill');

  const candidates: Candidate[] = [
    {
      id: 'engine',
      label: 'engine in-process (search thread)',
      shown: `searchGlobInWorker({pattern: '${pattern}', root}, {ripgrepPath: rg 15, spillDirectory, rules: VSCODE_DEFAULT_RULES}), page(100)`,
      expected: tree.matched,
      async sample() {
        const report = await runEngineWorker(tools.engineWorker, { root: tree.root, pattern, ripgrepPath: tools.rg15.path, spillDirectory, thread: true });
        return {
          wallMs: report.wallMs,
          cpuMs: report.cpuMs,
          peakRssKb: report.peakRssKb,
          minorFaults: report.minorFaults,
          eventLoopMaxMs: report.eventLoopMaxMs,
          listed: report.total,
        };
      },
    },
    {
      id: 'cli',
      label: 'command line',
      shown: `node dist/cli.js '${pattern}'`,
      // Its spill goes to the bench cache (env-paths honours XDG_CACHE_HOME), not the user's;
      // a machine's extra CA certificates are not loaded (see the note findTools adds).
      sample: external({ file: process.execPath, args: [tools.cli, pattern], cwd: tree.root, env: { ...env, NODE_EXTRA_CA_CERTS: '', XDG_CACHE_HOME: nodePath.join(tools.cacheDirectory, 'xdg-cache') } }),
    },
    {
      id: 'rg15Sorted',
      label: `rg ${versionNumber(tools.rg15.version)} sorted`,
      shown: `rg --files --sort=modified -g '${pattern}'`,
      expected: tree.matched,
      sample: external({ file: tools.rg15.path, args: ['--files', '--sort=modified', '-g', pattern], cwd: tree.root, env }),
    },
    {
      id: 'rg15Unsorted',
      label: `rg ${versionNumber(tools.rg15.version)} unsorted`,
      shown: `rg --files -g '${pattern}'`,
      expected: tree.matched,
      sample: external({ file: tools.rg15.path, args: ['--files', '-g', pattern], cwd: tree.root, env }),
    },
  ];
  if (tools.rg13) {
    candidates.push({
      id: 'rg13Sorted',
      label: `rg ${versionNumber(tools.rg13.version)} sorted`,
      shown: `${tools.rg13.path} --files --sort=modified -g '${pattern}'`,
      expected: tree.matched,
      sample: external({ file: tools.rg13.path, args: ['--files', '--sort=modified', '-g', pattern], cwd: tree.root, env }),
    });
  }
  candidates.push({
    id: 'floor',
    label: 'find (walk+stat floor)',
    shown: `find ROOT -type f -printf '%T@ %p\\n'`,
    expected: tree.files,
    sample: external({ file: tools.find, args: [tree.root, '-type', 'f', '-printf', '%T@ %p\n'], cwd: tree.root }),
  });
  return candidates;
}

/** `ripgrep 15.0.0 (rev …)` → `15.0.0`. */
function versionNumber(version: string): string {
  return /\d+\.\d+\.\d+/.exec(version)?.[0] ?? version;
}
