/** Checks on the process table, for tests that must leave no ripgrep behind. */

/** True while a process (or, for a negative id, a process group) exists. */
export function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Resolves true once a process (or group) no longer exists, false if it still does after
 * `withinMs`. A killed grandchild of ours stays in its group as a zombie until the system's init
 * reaps it, which took over a second on these machines.
 */
export async function goneWithin(pid: number, withinMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (exists(pid)) {
    if (Date.now() > deadline) {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
