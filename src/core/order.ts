/**
 * The complete result's order: modification time, oldest first, over the whole result (not per
 * directory, which is what ripgrep 13's `--sort=modified` does), ties broken by the shown path.
 * Matches without a time (vanished, unreadable, skipped) are left out.
 */

/** Indexes of the matches with a time, sorted by (mtime, path). */
export function modifiedOrder(mtimes: Float64Array, comparePaths: (a: number, b: number) => number): Uint32Array {
  let kept = 0;
  for (const mtime of mtimes) {
    if (!Number.isNaN(mtime)) {
      kept += 1;
    }
  }
  const order = new Uint32Array(kept);
  let next = 0;
  for (let i = 0; i < mtimes.length; i += 1) {
    if (!Number.isNaN(mtimes[i])) {
      order[next] = i;
      next += 1;
    }
  }
  return order.sort((a, b) => mtimes[a] - mtimes[b] || comparePaths(a, b));
}

/** Plain code-unit order, the same on every platform and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
