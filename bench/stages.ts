/**
 * Times the engine's stages without touching src/: the compiled modules call each other through
 * their `exports` objects (`(0, collect_1.collectMatches)(…)`), so replacing an export with a
 * timed wrapper before the search times the real code, in place. A stage whose module or export
 * has been renamed is reported as missing rather than breaking the benchmark.
 *
 * listing and stat overlap (stats are issued while ripgrep still prints), so the split is given
 * as: the ripgrep run (spawn → close, which includes the main thread's decoding, matching and
 * stat queueing done on its output), the time spent inside the output handler itself, and the
 * stat tail left after ripgrep closed.
 */

import { createRequire } from 'node:module';
import * as nodePath from 'node:path';
import { performance } from 'node:perf_hooks';

type AnyFunction = (...args: unknown[]) => unknown;

interface Probe {
  /** Module path below out/src/core, without .js. */
  readonly module: string;
  /** Export name, or `Class.prototype.method`. */
  readonly member: string;
  readonly stage: string;
  /**
   * Time this method of what the member returns, not the member's call (factories); `call` when
   * what it returns is itself the function to time.
   */
  readonly resultMethod?: string;
}

/** The engine's stages in pipeline order; several probes may add to one stage. */
export const STAGES = {
  request: 'resolve request',
  collect: 'list + stat (overlapped)',
  ripgrep: '  ripgrep run, spawn → close',
  onOutput: '  main thread: decode + match + queue stat + find entry',
  statTail: '  stat tail after ripgrep closed',
  sort: 'sort (mtime, path)',
  sortTimes: '  radix sort of the times (the rest: equal times by path)',
  aliases: 'paths to one file (links)',
  group: 'group by top-level entry',
  sample: 'round-robin sample',
  spill: 'spill write',
  spillLines: '  lines gathered in time order (the rest: encoding, files)',
  render: 'render text',
} as const;

const PROBES: readonly Probe[] = [
  { module: 'request/request', member: 'resolveRequest', stage: STAGES.request },
  { module: 'walk/collect', member: 'collectMatches', stage: STAGES.collect },
  { module: 'ripgrep/process', member: 'runRipgrep', stage: STAGES.ripgrep },
  { module: 'ripgrep/output', member: 'NulSeparatedNames.prototype.push', stage: STAGES.onOutput },
  { module: 'walk/modifiedTimes', member: 'createModifiedTimes', resultMethod: 'finish', stage: STAGES.statTail },
  { module: 'order/order', member: 'modifiedOrder', stage: STAGES.sort },
  { module: 'order/radixOrder', member: 'radixOrder', stage: STAGES.sortTimes },
  { module: 'order/aliases', member: 'aliasCount', stage: STAGES.aliases },
  { module: 'page/group', member: 'groupByTopLevelEntry', stage: STAGES.group },
  { module: 'page/sample', member: 'roundRobinPage', stage: STAGES.sample },
  { module: 'page/sample', member: 'groupedForPrinting', stage: STAGES.sample },
  { module: 'spill/spill', member: 'saveSpill', stage: STAGES.spill },
  { module: 'spill/shownLines', member: 'shownPathChunks', resultMethod: 'call', stage: STAGES.spillLines },
  { module: 'page/render', member: 'renderModelText', stage: STAGES.render },
];

/** A synchronous call of a stage function: it held the main thread from start to end. */
export interface Span {
  readonly stage: string;
  readonly start: number;
  readonly end: number;
}

/** Accumulated milliseconds per stage, and the synchronous calls (to attribute event-loop blocks). */
export class StageClock {
  readonly totals = new Map<string, number>();
  /**
   * Minor page faults per stage, of the whole process (getrusage counts every thread), so a stage
   * that overlaps the stat threads counts theirs too. On these machines each costs ~17 µs, so a
   * stage that touches fresh memory pays for it here.
   */
  readonly faults = new Map<string, number>();
  readonly spans: Span[] = [];

  add(stage: string, ms: number, faults: number): void {
    this.totals.set(stage, (this.totals.get(stage) ?? 0) + ms);
    this.faults.set(stage, (this.faults.get(stage) ?? 0) + faults);
  }

  reset(): void {
    this.totals.clear();
    this.faults.clear();
    this.spans.length = 0;
  }
}

/**
 * Wraps every probe found under `coreDirectory` (out/src/core) so its time lands in `clock`.
 * Returns the probes that could not be installed, for the report.
 */
export function instrumentEngine(coreDirectory: string, clock: StageClock): string[] {
  const load = createRequire(nodePath.join(coreDirectory, 'index.js'));
  const missing: string[] = [];
  for (const probe of PROBES) {
    try {
      const exports = load(`./${probe.module}`) as Record<string, unknown>;
      const path = probe.member.split('.');
      const name = path.pop() as string;
      let owner: Record<string, unknown> = exports;
      for (const key of path) {
        owner = owner[key] as Record<string, unknown>;
      }
      const original = owner[name];
      if (typeof original !== 'function') {
        throw new Error('not a function');
      }
      owner[name] = probe.resultMethod
        ? timedResultMethod(original as AnyFunction, probe.resultMethod, probe.stage, clock)
        : timed(original as AnyFunction, probe.stage, clock);
    } catch {
      missing.push(`${probe.module}.${probe.member}`);
    }
  }
  return missing;
}

/**
 * The same factory, with `method` of each object it makes timed into `stage`, or for `call`
 * each function it makes.
 */
function timedResultMethod(factory: AnyFunction, method: string, stage: string, clock: StageClock): AnyFunction {
  return function (this: unknown, ...args: unknown[]): unknown {
    const made = factory.apply(this, args) as Record<string, unknown>;
    if (method === 'call') {
      if (typeof made !== 'function') {
        throw new Error('the factory made no function');
      }
      return timed(made as AnyFunction, stage, clock);
    }
    const original = made[method];
    if (typeof original !== 'function') {
      throw new Error(`${method} is not a method of what the factory made`);
    }
    made[method] = timed((original as AnyFunction).bind(made), stage, clock);
    return made;
  };
}

/** Synchronous stage calls under way: a call inside another adds to its own stage only. */
let openCalls = 0;

/**
 * The same function, adding its time (until its promise settles, if it returns one) to `stage`.
 * A synchronous call is also kept as a span for the event-loop blocks, unless it ran inside
 * another timed call, whose span already covers it.
 */
function timed(original: AnyFunction, stage: string, clock: StageClock): AnyFunction {
  return function (this: unknown, ...args: unknown[]): unknown {
    const started = performance.now();
    const faultsBefore = minorFaults();
    const outermost = openCalls === 0;
    openCalls += 1;
    let result: unknown;
    try {
      result = original.apply(this, args);
    } finally {
      openCalls -= 1;
    }
    if (result instanceof Promise) {
      return result.finally(() => clock.add(stage, performance.now() - started, minorFaults() - faultsBefore));
    }
    const ended = performance.now();
    clock.add(stage, ended - started, minorFaults() - faultsBefore);
    if (outermost) {
      clock.spans.push({ stage, start: started, end: ended });
    }
    return result;
  };
}

function minorFaults(): number {
  return process.resourceUsage().minorPageFault;
}
