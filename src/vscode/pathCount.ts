/**
 * How the count of a result's paths is said to people, on a list's tab and in the quick pick's
 * title: as files where each path is a file of its own, and as paths, with the distinct files
 * they are, where some lead to one file (a symbolic or hard link: order/aliases.ts), as the
 * footer says it. "120 files" for 120 paths to 100 files counted some files twice. Kept free
 * of the `vscode` module so a plain-Node test can check it.
 */

import { countedAs, type DistinctFiles } from '../core/order/aliases';

/** "4,097 files", or "120 paths (100 distinct files)" where some paths lead to one file. */
export function pathCount(total: number, distinctFiles: DistinctFiles | undefined): string {
  const noun = countedAs(distinctFiles);
  const paths = `${total.toLocaleString('en-US')} ${total === 1 ? noun : `${noun}s`}`;
  if (distinctFiles === undefined) {
    return paths;
  }
  const files = `${distinctFiles.atMost ? 'at most ' : ''}${distinctFiles.count.toLocaleString('en-US')} distinct ${distinctFiles.count === 1 ? 'file' : 'files'}`;
  return `${paths} (${files})`;
}
