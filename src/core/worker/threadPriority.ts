/**
 * The search thread's scheduling priority: below the threads that keep VS Code responsive.
 *
 * A search keeps every core of a small machine busy (ripgrep walking, this thread decoding and
 * reading times, the stat threads), and the extension host's own thread, which has only messages
 * to pass meanwhile, then waited for a core: its event loop was blocked for up to ~50 ms at a
 * time on the concentrated benchmark tree, with nothing of the search running on it. Lowered, the
 * search gives way sooner to the threads of normal priority that have work, and takes the cores
 * as before when nothing else wants them; beside other busy programs (a build) it gets less of
 * them than they do. What this thread starts inherits its priority: ripgrep (spawned from here)
 * and the stat threads (started from here). In 16 alternated searches of the concentrated tree
 * on a machine other work kept busy, the host thread's longest block was 28 ms against 44, the
 * median search 0.54 s against 0.57 (`node out/bench/against.js concentrated DIR --runs 16`); on
 * an idle machine nothing changed, blocks or times (100k: 0.412 s against 0.413).
 *
 * Linux only: there a priority belongs to one thread, and `setpriority` for the calling process
 * sets the calling thread's. On macOS and Windows it sets the whole process's, which would slow
 * the extension host with it.
 */

import { stat } from 'node:fs';
import { constants, getPriority, setPriority } from 'node:os';

/** The lowest priority there is: the largest niceness. */
const LOWEST = 19;

/**
 * Lowers the calling thread's priority by as much as "below normal" is below normal (niceness
 * 10), from wherever the process runs: a VS Code started with `nice` keeps the gap.
 */
export function yieldToOtherThreads(): void {
  if (process.platform !== 'linux') {
    return;
  }
  // libuv starts one thread pool for the whole process at the first asynchronous file call of any
  // thread, and its threads take the priority of the thread that started it: started from here
  // after the change, the pool would serve every thread of the process at the lower priority.
  // Asking it for something first starts it (if nothing has yet) at the priority it had.
  stat(__filename, () => undefined);
  try {
    setPriority(Math.min(LOWEST, getPriority() + constants.priority.PRIORITY_BELOW_NORMAL));
  } catch {
    // A sandbox may forbid it; the search runs the same, only less politely.
  }
}
