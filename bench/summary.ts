/**
 * Many samples of one candidate → the figures the table shows. Medians, because one run slowed
 * by a neighbour on a 2-core machine should not move the result; the event-loop figure is the
 * worst run instead, because the target is a bound ("never more than 50 ms").
 */

import type { Sample } from './measure';

export interface Summary {
  readonly runs: number;
  readonly wallMs: number;
  readonly minWallMs: number;
  readonly maxWallMs: number;
  readonly cpuMs?: number;
  readonly peakRssKb?: number;
  readonly minorFaults?: number;
  /** The worst run's longest event-loop block, and the median run's. */
  readonly eventLoopMaxMs?: number;
  readonly eventLoopMedianMs?: number;
  /** What every run listed, or the differing counts. */
  readonly listed: ReadonlyArray<number | undefined>;
}

export function summarise(samples: readonly Sample[]): Summary {
  const walls = samples.map((sample) => sample.wallMs);
  const loopMaxima = defined(samples.map((sample) => sample.eventLoopMaxMs));
  return {
    runs: samples.length,
    wallMs: median(walls),
    minWallMs: Math.min(...walls),
    maxWallMs: Math.max(...walls),
    cpuMs: medianOf(samples.map((sample) => sample.cpuMs)),
    peakRssKb: medianOf(samples.map((sample) => sample.peakRssKb)),
    minorFaults: medianOf(samples.map((sample) => sample.minorFaults)),
    eventLoopMaxMs: loopMaxima.length > 0 ? Math.max(...loopMaxima) : undefined,
    eventLoopMedianMs: loopMaxima.length > 0 ? median(loopMaxima) : undefined,
    listed: [...new Set(samples.map((sample) => sample.listed))],
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The item whose `value` is the median (the lower middle one of an even count). */
export function medianBy<T>(items: readonly T[], value: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  return sorted[(sorted.length - 1) >> 1];
}

/** The median of the values that were measured, or undefined when none was. */
function medianOf(values: ReadonlyArray<number | undefined>): number | undefined {
  const known = defined(values);
  return known.length > 0 ? median(known) : undefined;
}

function defined(values: ReadonlyArray<number | undefined>): number[] {
  return values.filter((value): value is number => value !== undefined);
}
