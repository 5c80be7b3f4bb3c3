/**
 * One abort signal for a whole search, and why it fired: the caller cancelled, the timeout
 * passed, or the result grew past the bound on how many paths are held. The size bound only ends
 * the listing, so a second signal says when to stop now: a cancellation or a timeout, also one
 * that comes after the bound. The timer is injected so tests can make a timeout happen at an
 * exact point of a real search.
 */

export type StopReason = 'cancelled' | 'timeout' | 'limit';

/** Starts a timer and returns the function that cancels it. */
export type StartTimer = (milliseconds: number, onExpiry: () => void) => () => void;

/**
 * The longest delay a Node timer takes (2^31 - 1 ms, 24.8 days): a longer one fires after 1 ms
 * with a warning, so "--timeout-seconds 3000000" stopped every search at once and said it had hit
 * a 3,000,000 s limit. A limit that long is no limit.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export const realTimer: StartTimer = (milliseconds, onExpiry) => {
  if (milliseconds > LONGEST_TIMER_MS) {
    return () => undefined;
  }
  const timer = setTimeout(onExpiry, milliseconds);
  return () => clearTimeout(timer);
};

/** A timer that does not keep the process alive: for threads that end after a while idle. */
export const unrefTimer: StartTimer = (milliseconds, onExpiry) => {
  const timer = setTimeout(onExpiry, milliseconds);
  timer.unref();
  return () => clearTimeout(timer);
};

export class Stopper {
  private readonly controller = new AbortController();
  private readonly now = new AbortController();
  private stopReason: StopReason | undefined;
  private readonly cleanups: Array<() => void> = [];

  constructor(signal: AbortSignal | undefined, timeoutMs: number | undefined, startTimer: StartTimer = realTimer) {
    if (signal?.aborted) {
      this.stop('cancelled');
    } else if (signal) {
      const onAbort = (): void => this.stop('cancelled');
      signal.addEventListener('abort', onAbort, { once: true });
      this.cleanups.push(() => signal.removeEventListener('abort', onAbort));
    }
    if (timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)) {
      this.cleanups.push(startTimer(timeoutMs, () => this.stop('timeout')));
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * Aborted by a cancellation or a timeout, whether or not the size bound came first: what ends
   * the reading of file times, which the bound leaves to finish (the files held are read). A stop
   * is recorded once, so without it a cancellation after the bound changed nothing, and every
   * held file's time was still read (two million at the default bound) while the person waited.
   */
  get nowSignal(): AbortSignal {
    return this.now.signal;
  }

  /**
   * Why the search stopped: a cancellation or a timeout over the size bound that came first, since
   * it is what ended the search as it stands (bug: Ctrl-C after the bound left the reason 'limit',
   * so the command line exited 0 and the footer named only the bound); `boundReached` keeps the bound.
   */
  get reason(): StopReason | undefined {
    return this.now.signal.aborted ? (this.now.signal.reason as StopReason) : this.stopReason;
  }

  /** Whether the listing stopped at the size bound, also where a later stop is the `reason`. */
  get boundReached(): boolean {
    return this.stopReason === 'limit';
  }

  stop(reason: StopReason): void {
    if (this.stopReason === undefined) {
      this.stopReason = reason;
      this.controller.abort(reason);
    }
    if (reason !== 'limit' && !this.now.signal.aborted) {
      this.now.abort(reason);
    }
  }

  dispose(): void {
    for (const cleanup of this.cleanups.splice(0)) {
      cleanup();
    }
  }
}
