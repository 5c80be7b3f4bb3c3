/**
 * The engine as the reliability tests call it: the real `glob` with the real ripgrep, one
 * workspace folder named "ws", plus the checks every fault ends with (nothing left running, no
 * stray file, and the next call still gives the exact answer).
 */

import * as assert from 'node:assert/strict';
import { glob, GlobError, type GlobOptions, type GlobResult, type RipgrepEvent } from '../../../../src/core';
import { prunesSettled } from '../../../../src/core/spill/spill';
import { testRipgrep } from '../../helpers/ripgrep';
import type { TempTree } from '../../helpers/tree';
import { assertNoProcessLeft } from './leftovers';
import type { Scratch } from './scratch';

/** One search, returned once the complete lists' directory is settled (older lists pruned). */
export async function search(root: string | TempTree, input: unknown, options: Partial<GlobOptions> = {}): Promise<GlobResult> {
  const folder = typeof root === 'string' ? root : root.root;
  const result = await glob(input, [{ name: 'ws', path: folder }], { ripgrepPath: await testRipgrep(), ...options });
  await prunesSettled();
  return result;
}

/** Asserts `promise` rejects with a GlobError of `kind` whose message matches `text`; returns it. */
export async function rejectsWith(promise: Promise<unknown>, kind: GlobError['kind'], text: RegExp): Promise<GlobError> {
  let caught: unknown;
  await assert.rejects(promise, (error: unknown) => {
    caught = error;
    return true;
  });
  assert.ok(caught instanceof GlobError, `expected a GlobError, got ${String(caught)}`);
  assert.equal(caught.kind, kind, caught.message);
  assert.match(caught.message, text);
  return caught;
}

/** Collects ripgrep's pids and events from `onRipgrep`. */
export class RipgrepWatch {
  readonly events: RipgrepEvent[] = [];

  get pids(): number[] {
    return this.events.flatMap((event) => (event.phase === 'start' && event.pid !== undefined ? [event.pid] : []));
  }

  get ends(): RipgrepEvent[] {
    return this.events.filter((event) => event.phase === 'end');
  }

  readonly onRipgrep = (event: RipgrepEvent): void => {
    this.events.push(event);
  };
}

const HEALTHY_FILES = { 'one/a.txt': 1, 'one/b.txt': 2, 'two/c.txt': 3, 'top.txt': 4 };

/**
 * The aftermath of a fault: no process left (ripgrep's pids and anything inside the scratch
 * trees), and the next call on a healthy tree gives the exact answer.
 */
export async function assertRecovered(scratch: Scratch, pids: readonly number[] = []): Promise<void> {
  assertNoProcessLeft(pids, scratch.root);
  const healthy = scratch.tree().write(HEALTHY_FILES);
  const watch = new RipgrepWatch();
  const result = await search(healthy, { pattern: '*.txt' }, { onRipgrep: watch.onRipgrep });
  assert.deepEqual(result.page.map((path) => path.shown), ['one/a.txt', 'one/b.txt', 'two/c.txt', 'top.txt']);
  assert.equal(result.complete, true);
  assertNoProcessLeft(watch.pids, scratch.root);
}
