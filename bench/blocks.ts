/**
 * Which code blocked the event loop. monitorEventLoopDelay says how long the longest block was,
 * not what ran in it; this ticks a 1 ms interval during the search, takes the largest gaps
 * between ticks, and adds up the synchronous stage calls (bench/stages.ts) inside each gap.
 * Time in a gap that no stage call covers is code the probes do not wrap (the spill's path
 * rendering, stat callbacks, garbage collection).
 */

import { performance } from 'node:perf_hooks';
import type { Span } from './stages';

export interface Block {
  readonly ms: number;
  /** Milliseconds after the search started. */
  readonly atMs: number;
  /** Milliseconds of each stage's synchronous calls inside the block. */
  readonly stages: Record<string, number>;
}

export class BlockTracer {
  private readonly ticks: number[] = [];
  private readonly timer = setInterval(() => this.ticks.push(performance.now()), 1);

  /** Stops ticking and returns the `count` longest blocks, longest first. */
  stop(spans: readonly Span[], searchStart: number, count: number): Block[] {
    clearInterval(this.timer);
    const gaps: Array<{ start: number; end: number }> = [];
    for (let i = 1; i < this.ticks.length; i += 1) {
      gaps.push({ start: this.ticks[i - 1], end: this.ticks[i] });
    }
    gaps.sort((a, b) => b.end - b.start - (a.end - a.start));
    return gaps.slice(0, count).map(({ start, end }) => {
      const stages: Record<string, number> = {};
      for (const span of spans) {
        const overlap = Math.min(span.end, end) - Math.max(span.start, start);
        if (overlap > 0) {
          stages[span.stage] = (stages[span.stage] ?? 0) + overlap;
        }
      }
      return { ms: end - start, atMs: start - searchStart, stages };
    });
  }
}
