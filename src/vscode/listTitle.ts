/**
 * What a complete list's tab is called: what the list is, the pattern (and the `path` searched,
 * when one was given) and how many files matched, as in `*.ts — 4,097 files` (or paths, where
 * some lead to one file: pathCount.ts). Made from the same
 * facts whether they come from a result or from a saved list's header, so a list opened from the
 * chat, the quick pick or after a reload gets one title and one tab. Kept free of the `vscode`
 * module so a plain-Node test can check it.
 */

import type { GlobResult } from '../core';
import type { DistinctFiles } from '../core/order/aliases';
import { resultDistinctFiles } from '../core/page/result';
import { pathCount } from './pathCount';

export interface ListFacts {
  readonly pattern: string;
  /** The `path` given, as the answer names it; absent for a search of the whole workspace. */
  readonly path?: string;
  readonly total: number;
  /** Where some of the paths lead to one file: how many distinct files they are. */
  readonly distinctFiles?: DistinctFiles;
  readonly complete: boolean;
}

/**
 * A pattern or path longer than this is cut in the title, so the count stays in sight on the
 * tab (VS Code shows tab labels in full, and a 200 KB pattern has been seen).
 */
const MAX_PART_CHARACTERS = 60;

export function listTitle(facts: ListFacts): string {
  const where = facts.path !== undefined ? ` in ${shortened(facts.path)}` : '';
  return `${shortened(facts.pattern)}${where} — ${pathCount(facts.total, facts.distinctFiles)}${facts.complete ? '' : ' found so far'}`;
}

/** The title of the list a result saved: the same as its header gives once it is read back. */
export function resultListTitle(result: GlobResult): string {
  const distinctFiles = resultDistinctFiles(result);
  return listTitle({ pattern: result.pattern, path: result.pathLabel, total: result.total, ...(distinctFiles ? { distinctFiles } : {}), complete: result.complete });
}

/** `text` cut to `max` characters (code points, so no pair is split), the last one an ellipsis. */
export function shortened(text: string, max = MAX_PART_CHARACTERS): string {
  const characters = [...text];
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : text;
}
