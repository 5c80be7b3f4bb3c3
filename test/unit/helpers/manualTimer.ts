/**
 * A time limit the test fires by hand: passed as the engine's `startTimer`, it stops a real search
 * at an exact point (a progress report, ripgrep's start or end) instead of after some time has
 * passed, which a busy machine would make land anywhere.
 */

import type { GlobOptions } from '../../../src/core';

export class ManualTimer {
  private expire: (() => void) | undefined;

  readonly startTimer: NonNullable<GlobOptions['startTimer']> = (_milliseconds, onExpiry) => {
    this.expire = onExpiry;
    return () => {
      this.expire = undefined;
    };
  };

  /** Expires the timer the engine started, if it is still running; otherwise does nothing. */
  fire(): void {
    this.expire?.();
  }
}
