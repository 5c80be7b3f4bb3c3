/**
 * A pause of one turn of the event loop, for long work done a part at a time on a thread others
 * wait on: between parts, what waits on the thread (a stop signal, a message, a timer) is seen.
 */

/** Resolves once the event loop has had a turn, so whatever waits on it (a stop, a message) is seen. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
