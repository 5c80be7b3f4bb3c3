/**
 * The benchmark runner (`npm run bench`): builds or reuses the trees, then for each tree runs one
 * warm-up round and N timed rounds of every candidate, interleaved (each round runs every
 * candidate once, starting one further along each time, so drift in the machine's state spreads
 * over all of them), then one instrumented engine run for the stage split. Progress goes to
 * stderr; the report (Markdown) to stdout.
 */

import { mkdirSync } from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { candidatesFor, type Candidate, type CandidateId } from './candidates';
import { runEngineWorker } from './engineRun';
import type { WorkerReport } from './engineWorker';
import type { Sample } from './measure';
import { foreignLoadBetween, readLoad, type ForeignLoad } from './machineLoad';
import { parseOptions, runsFor, USAGE, type BenchOptions } from './options';
import { commandsList, hotFunctionsTable, memoryNote, resultsTable, stageTable, tailShare, targetsList } from './report';
import { median, medianBy, summarise, type Summary } from './summary';
import { checkTargets, percent } from './targets';
import { findTools, type Tools } from './tools';
import { ensureTree, type BuiltTree } from './treeCache';

/**
 * Stage-split searches per tree; the tail target takes the median one. Five rather than three:
 * one search's share moves by a third from the next (9.6% to 17.9% over three on the wide tree in
 * one run), so the median of three still moved a lot between runs.
 */
const STAGE_RUNS = 5;

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};
const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

async function main(argv: readonly string[]): Promise<number> {
  const options = parseOptions(argv);
  if (typeof options === 'string') {
    process.stderr.write(options === '' ? `${USAGE}\n` : `bench: ${options}\n${USAGE}\n`);
    return options === '' ? 0 : 2;
  }
  const started = Date.now();
  const tools = await findTools(log);
  mkdirSync(tools.cacheDirectory, { recursive: true });

  print(environment(tools));
  for (const spec of options.trees) {
    const tree = ensureTree(spec, nodePath.join(tools.cacheDirectory, 'trees'), log);
    await benchTree(tree, tools, options);
  }
  print(`\nTotal benchmark time ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return 0;
}

async function benchTree(tree: BuiltTree, tools: Tools, options: BenchOptions): Promise<void> {
  const candidates = candidatesFor(tree, tools);
  const samples = new Map<CandidateId, Sample[]>(candidates.map((candidate) => [candidate.id, []]));
  const problems: string[] = [];
  const runs = runsFor(options, tree.spec);
  const loadAtStart = readLoad();

  log(`\n${tree.spec.name}: warm-up round`);
  for (const candidate of candidates) {
    check(candidate, await candidate.sample(), problems);
  }
  for (let round = 0; round < runs; round += 1) {
    log(`${tree.spec.name}: round ${round + 1} of ${runs}`);
    for (let i = 0; i < candidates.length; i += 1) {
      const candidate = candidates[(i + round) % candidates.length];
      const sample = await candidate.sample();
      check(candidate, sample, problems);
      samples.get(candidate.id)?.push(sample);
    }
  }
  const summaries = new Map<CandidateId, Summary>([...samples].map(([id, list]) => [id, summarise(list)]));

  const engineConfig = { root: tree.root, pattern: tree.spec.pattern, ripgrepPath: tools.rg15.path, spillDirectory: nodePath.join(tools.cacheDirectory, 'spill') };
  log(`${tree.spec.name}: memory of one cold search`);
  const cold = await runEngineWorker(tools.engineWorker, { ...engineConfig, warmUp: false, thread: true });
  const memory = cold.idleRssKb !== undefined && cold.peakRssKb !== undefined ? { idleRssKb: cold.idleRssKb, peakRssKb: cold.peakRssKb, wallMs: cold.wallMs } : undefined;
  log(`${tree.spec.name}: stage split`);
  // The tail's share moves a lot from one search to the next (5.4-7.6% in five runs on 100k),
  // so the target takes the median of a few; listing and stat are measured apart once.
  const stageRuns: WorkerReport[] = [];
  for (let run = 0; run < STAGE_RUNS; run += 1) {
    stageRuns.push(await runEngineWorker(tools.engineWorker, { ...engineConfig, stages: true, isolate: run === 0 }));
  }
  const stages = { ...medianBy(stageRuns, (report) => tailShare(report) ?? 0), isolated: stageRuns[0].isolated };

  print(`\n## Tree \`${tree.spec.name}\`: ${tree.spec.summary}`);
  print(`\n${tree.files.toLocaleString('en-US')} files in ${tree.directories.toLocaleString('en-US')} directories; \`${tree.spec.pattern}\` matches ${tree.matched.toLocaleString('en-US')}. ${runs} interleaved runs after one warm-up; medians.\n`);
  print(resultsTable(candidates, summaries));
  if (memory) {
    print(`\n${memoryNote(memory, tree.matched)}`);
  }
  print(`\nCommands (cwd = the tree's root):\n\n${commandsList(candidates)}`);
  print(
    `\nStage split of ${STAGE_RUNS} more in-process searches, on the main thread (bench/stages.ts times the compiled engine's stage functions in place); the one whose sort + links + group + sample + render + spill share is the median (${stageRuns.map((report) => percent(tailShare(report) ?? 0)).join(', ')}):\n`,
  );
  print(stageTable(stages));
  print(`\nissue 4 targets:\n`);
  print(targetsList(checkTargets({ spec: tree.spec, matched: tree.matched, summaries, tailShare: tailShare(stages), memory, cliLeadPerRoundMs: leadPerRound(samples) })));
  print(`\n${loadNote(foreignLoadBetween(loadAtStart, readLoad()))}`);
  if (problems.length > 0) {
    print(`\n**Problems** (these runs listed the wrong number of paths):\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  }

  if (options.profile) {
    log(`${tree.spec.name}: CPU profile`);
    const profilePath = nodePath.join(tools.cacheDirectory, `engine-${tree.spec.name}.cpuprofile`);
    const profiled = await runEngineWorker(tools.engineWorker, { ...engineConfig, cpuProfile: profilePath });
    print(`\nHottest functions of one profiled search (main thread, ${profiled.wallMs.toFixed(0)} ms wall; full profile: ${nodePath.relative(tools.projectRoot, profilePath)}):\n`);
    print(hotFunctionsTable(profiled.hotFunctions ?? []));
  }
}

/** The command line's wall time less the engine's, round by round, median; undefined without both. */
function leadPerRound(samples: ReadonlyMap<CandidateId, readonly Sample[]>): number | undefined {
  const cli = samples.get('cli');
  const engine = samples.get('engine');
  if (!cli || !engine || cli.length === 0 || cli.length !== engine.length) {
    return undefined;
  }
  return median(cli.map((sample, round) => sample.wallMs - engine[round].wallMs));
}

/** Records a run that listed the wrong number of paths; its timing would compare unequal work. */
function check(candidate: Candidate, sample: Sample, problems: string[]): void {
  if (candidate.expected !== undefined && sample.listed !== candidate.expected) {
    problems.push(`${candidate.label} listed ${sample.listed} instead of ${candidate.expected}`);
  }
}

/** Other work above this share of one core makes the figures noisy enough to say so. */
const NOISY_CORES = 0.1;

function loadNote(load: ForeignLoad | undefined): string {
  if (!load) {
    return 'Other processes\' CPU use could not be measured (no /proc).';
  }
  const noisy = load.otherCores > NOISY_CORES || load.stealCores > NOISY_CORES;
  const figures = `other processes used ${load.otherCores.toFixed(2)} cores on average while this tree ran, hypervisor steal ${load.stealCores.toFixed(2)} cores`;
  return noisy ? `**Warning**: ${figures}: other work competed with the candidates, so these figures are noisy; rerun on an idle machine.` : `Machine quiet: ${figures}.`;
}

function environment(tools: Tools): string {
  const cpus = os.cpus();
  const lines = [
    '# Workspace Glob benchmark',
    '',
    `${new Date().toISOString().slice(0, 10)} · ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'} · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · Linux ${os.release()} · Node ${process.version}`,
    `${tools.rg15.version} (@vscode/ripgrep) · ${tools.rg13?.version ?? 'no ripgrep 13'} (${tools.rg13?.path ?? 'skipped'})`,
    '',
    'Wall time from spawn to exit (in-process: around the search and its first page only, run on a search thread as',
    'VS Code runs it). CPU user+sys and peak RSS of external',
    'commands from GNU time (wait4: CPU includes waited-for children, peak RSS is the largest process of the tree).',
    'In-process: CPU = engine process (all threads) + ripgrep; peak RSS = the engine process during the search',
    '(/proc/self/clear_refs reset before it; the warm-up search\'s heap is still resident), ripgrep not included.',
    'Page faults: minor ones, of the command and the children it waited for (GNU time), in-process of the engine',
    'process and ripgrep: each first touch of fresh memory, and each first write to a page after a spawn made it',
    'copy-on-write. Ratios are of median wall times. Event-loop max: the calling thread\'s longest block (monitorEventLoopDelay).',
  ];
  if (tools.notes.length > 0) {
    lines.push('', ...tools.notes.map((note) => `Note: ${note}`));
  }
  return lines.join('\n');
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
