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
