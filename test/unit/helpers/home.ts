/**
 * Runs a test with another home directory: os.homedir() reads HOME on POSIX. The one before is
 * put back afterwards, and an unset HOME stays unset (assigning undefined would set "undefined").
 */
export async function withHome<T>(home: string, run: () => Promise<T>): Promise<T> {
  const before = process.env.HOME;
  process.env.HOME = home;
  try {
    return await run();
  } finally {
    if (before === undefined) {
      delete process.env.HOME;
    } else {
      process.env.HOME = before;
    }
  }
}
