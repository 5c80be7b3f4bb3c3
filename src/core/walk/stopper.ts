/**
 * One abort signal for a whole search, and why it fired: the caller cancelled, the timeout
 * passed, or the result grew past the bound on how many paths are held. The timer is injected
 * so tests can make a timeout happen at an exact point of a real search.
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

export class Stopper {
  private readonly controller = new AbortController();
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

  get reason(): StopReason | undefined {
    return this.stopReason;
  }

  stop(reason: StopReason): void {
    if (this.stopReason === undefined) {
      this.stopReason = reason;
      this.controller.abort(reason);
    }
  }

  dispose(): void {
    for (const cleanup of this.cleanups.splice(0)) {
      cleanup();
    }
  }
}
