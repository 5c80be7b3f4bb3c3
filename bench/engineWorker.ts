/**
 * The engine candidate: a child Node process that loads the compiled engine, searches once to
 * warm up (JIT, module loading, page cache, the reused search thread), then times one more search
 * itself, as the extension host runs it: on a search thread of its own, with VS Code's default
 * search settings, and no Node start-up counted. The stage, profile and isolation runs search on
 * the main thread instead, where their probes can see the stages. It prints one JSON line
 * (WorkerReport) and exits.
 *
 * Run with --expose-gc so the warm-up's garbage is collected before the timed search. Started
 * fresh for every sample, so one sample's heap never carries into the next.
 */

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import * as nodePath from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { DEFAULT_MAX_RESULTS, glob, resolveRequest, searchGlobInWorker, VSCODE_DEFAULT_RULES, type GlobResult } from '../src/core';
import { ownThreadStatMode } from '../src/core/walk/modifiedTimes';
import { BlockTracer, type Block } from './blocks';
import { summariseCpuProfile, type CpuProfile, type HotFunction } from './cpuProfile';
import { childrenCpuMs, childrenMinorFaults, ownCpuMs, peakResidentKb, residentKb, resetPeakResident } from './processStats';
import { isolateListingAndStat, type IsolatedCosts } from './isolate';
import { instrumentEngine, StageClock } from './stages';

export interface WorkerConfig {
  readonly root: string;
  readonly pattern: string;
  readonly ripgrepPath: string;
  readonly spillDirectory: string;
  /** Also time the engine's stages (bench/stages.ts). */
  readonly stages?: boolean;
  /** Profile the timed search with V8's sampling profiler and write the profile here. */
  readonly cpuProfile?: string;
  /**
   * Search once untimed first. @default true. Off for the memory figure: a warm-up's heap stays
   * resident after it is collected and would be counted as the timed search's.
   */
  readonly warmUp?: boolean;
  /** After the timed search, measure listing and stat apart (bench/isolate.ts). */
  readonly isolate?: boolean;
  /** Search on a thread of its own, as the extension does (searchGlobInWorker). @default false */
  readonly thread?: boolean;
}

export interface WorkerReport {
  readonly wallMs: number;
  /** Engine process CPU (all threads) plus ripgrep's. */
  readonly cpuMs?: number;
  /** Peak RSS of the engine's process during the timed search (ripgrep's own not included). */
  readonly peakRssKb?: number;
  /** Minor page faults of the engine's process (all threads) and of ripgrep, during the search. */
  readonly minorFaults?: number;
  /** RSS right before the timed search: the idle process when there was no warm-up. */
  readonly idleRssKb?: number;
  readonly eventLoopMaxMs: number;
  /** Time the main thread was busy (not waiting for I/O) during the search. */
  readonly mainThreadActiveMs: number;
  readonly total: number;
  readonly complete: boolean;
  readonly spillSaved: boolean;
  readonly stages?: Record<string, number>;
  /** Minor page faults per stage (StageClock.faults). */
  readonly stageFaults?: Record<string, number>;
  readonly missingProbes?: readonly string[];
  /** The longest event-loop blocks of the stage run and the stages inside them. */
  readonly longestBlocks?: readonly Block[];
  readonly hotFunctions?: readonly HotFunction[];
  readonly isolated?: IsolatedCosts;
}

/** Timer granularity of the event-loop monitor: fine enough to see a 50 ms block clearly. */
const LOOP_RESOLUTION_MS = 5;

async function main(config: WorkerConfig): Promise<WorkerReport> {
  const coreDirectory = nodePath.resolve(__dirname, '..', 'src', 'core');
  const clock = new StageClock();
  const missingProbes = config.stages ? instrumentEngine(coreDirectory, clock) : undefined;
  const folders = [{ name: nodePath.basename(config.root), path: config.root }];
  // The rules of a VS Code with default settings: what the extension passes unless changed. The
  // search thread picks its stat way itself; the main-thread runs take the same one.
  const options = { ripgrepPath: config.ripgrepPath, spillDirectory: config.spillDirectory, rules: VSCODE_DEFAULT_RULES, statMode: ownThreadStatMode() };
  const search = config.thread
    ? async (): Promise<GlobResult> => {
        const request = await resolveRequest({ pattern: config.pattern }, { folders, ripgrepPath: config.ripgrepPath });
        const done = await searchGlobInWorker(request, options);
        try {
          return await done.page(DEFAULT_MAX_RESULTS);
        } finally {
          done.dispose();
        }
      }
    : (): Promise<GlobResult> => glob({ pattern: config.pattern }, folders, options);

  if (config.warmUp !== false) {
    await search();
    clock.reset();
    (globalThis as { gc?: () => void }).gc?.();
  }

  const profiler = config.cpuProfile ? await startProfiler() : undefined;
  const tracer = config.stages ? new BlockTracer() : undefined;
  const { startedAt, ...timed } = await timedSearch(search);
  const longestBlocks = tracer?.stop(clock.spans, startedAt, 3);
  const stages = config.stages ? { stages: Object.fromEntries(clock.totals), stageFaults: Object.fromEntries(clock.faults), missingProbes, longestBlocks } : {};

  let hotFunctions: HotFunction[] | undefined;
  if (profiler && config.cpuProfile) {
    const profile = await profiler.stop();
    writeFileSync(config.cpuProfile, JSON.stringify(profile));
    hotFunctions = summariseCpuProfile(profile, 15);
  }
  const isolated = config.isolate ? await isolateListingAndStat(coreDirectory, search) : undefined;

  return {
    ...timed,
    ...stages,
    ...(hotFunctions ? { hotFunctions } : {}),
    ...(isolated ? { isolated } : {}),
  };
}

type TimedFigures = Pick<WorkerReport, 'wallMs' | 'cpuMs' | 'peakRssKb' | 'minorFaults' | 'idleRssKb' | 'eventLoopMaxMs' | 'mainThreadActiveMs' | 'total' | 'complete' | 'spillSaved'>;

/** One search with every figure the table needs taken around it, and nothing else in between. */
async function timedSearch(search: () => Promise<GlobResult>): Promise<TimedFigures & { startedAt: number }> {
  const idleRssKb = residentKb();
  resetPeakResident();
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  const cpuBefore = ownCpuMs();
  const childrenBefore = childrenCpuMs();
  const faultsBefore = process.resourceUsage().minorPageFault;
  const childrenFaultsBefore = childrenMinorFaults();
  const utilizationBefore = performance.eventLoopUtilization();
  loop.enable();
  // The monitor records the gap between two of its timer ticks, so the first tick must come
  // before the work does, or a block at the very start would go unrecorded.
  await new Promise((resolve) => setTimeout(resolve, 2 * LOOP_RESOLUTION_MS));
  const started = performance.now();
  const result = await search();
  const wallMs = performance.now() - started;
  // A block at the very end is only recorded when the monitor's timer next fires: let it.
  await new Promise((resolve) => setTimeout(resolve, 2 * LOOP_RESOLUTION_MS));
  loop.disable();
  const utilization = performance.eventLoopUtilization(utilizationBefore);
  const childrenAfter = childrenCpuMs();
  const childrenMs = childrenBefore !== undefined && childrenAfter !== undefined ? childrenAfter - childrenBefore : 0;
  const childrenFaultsAfter = childrenMinorFaults();
  const childrenFaults = childrenFaultsBefore !== undefined && childrenFaultsAfter !== undefined ? childrenFaultsAfter - childrenFaultsBefore : 0;
  return {
    startedAt: started,
    wallMs,
    cpuMs: ownCpuMs() - cpuBefore + childrenMs,
    peakRssKb: peakResidentKb(),
    minorFaults: process.resourceUsage().minorPageFault - faultsBefore + childrenFaults,
    idleRssKb,
    // The histogram holds nanoseconds; max stays 0 when no timer tick was ever late.
    eventLoopMaxMs: loop.count > 0 ? loop.max / 1e6 : 0,
    mainThreadActiveMs: utilization.active,
    total: result.total,
    complete: result.complete,
    spillSaved: result.spill?.saved === true,
  };
}

/** V8's sampling profiler through the inspector, so only the timed search is profiled. */
async function startProfiler(): Promise<{ stop(): Promise<CpuProfile> }> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object): Promise<T> =>
    new Promise((resolve, reject) => session.post(method, params, (error, value) => (error ? reject(error) : resolve(value as T))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
      session.disconnect();
      return profile;
    },
  };
}

main(JSON.parse(process.argv[2]) as WorkerConfig).then(
  (report) => {
    process.stdout.write(`${JSON.stringify(report)}\n`);
  },
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
