/**
 * Typing in the quick pick of a page that does not hold every match (a sample, or the oldest
 * files) finds the files of the complete list too: the page alone would hide the rest of the
 * result from the very filter a person reaches for. The list is read once, on the first key, and
 * its files that are not on the page come after the page's, under a separator; the quick pick's
 * own filter then works on all of them.
 */

import * as vscode from 'vscode';
import type { GlobResult } from '../core';
import { readListedPaths } from '../core/spill/savedList';

/**
 * The most paths of the complete list offered: a quick pick filters every item on each key in the
 * window, and past this it lags; the separator says where the list was cut.
 */
export const COMPLETE_LIST_ITEMS = 50_000;

/** Adds the complete list's files to `quickPick` once the person types, where the page does not hold them all. */
export function offerCompleteList<T extends vscode.QuickPickItem>(
  quickPick: vscode.QuickPick<T>,
  result: GlobResult,
  itemOf: (shown: string, file: string | Buffer) => T,
  separator: (label: string) => T,
): vscode.Disposable {
  if (!result.spill?.saved || result.page.length >= result.total) {
    return new vscode.Disposable(() => undefined);
  }
  const listFile = result.spill.path;
  let asked = false;
  let hidden = false;
  const hiding = quickPick.onDidHide(() => (hidden = true));
  const typing = quickPick.onDidChangeValue(async (value) => {
    if (asked || value === '') {
      return;
    }
    asked = true;
    quickPick.busy = true;
    try {
      const onPage = new Set(result.page.map((path) => path.shown));
      const listed = await readListedPaths(listFile, COMPLETE_LIST_ITEMS);
      const more = listed.filter((path) => !onPage.has(path.shown));
      // Hidden while the list was read: the quick pick is gone.
      if (more.length > 0 && !hidden) {
        const cut = listed.length === COMPLETE_LIST_ITEMS && result.total > COMPLETE_LIST_ITEMS ? `, the first ${COMPLETE_LIST_ITEMS.toLocaleString('en-US')} paths of it` : '';
        quickPick.items = [...quickPick.items, separator(`from the complete list${cut}`), ...more.map(({ shown, file }) => itemOf(shown, file))];
      }
    } finally {
      if (!hidden) {
        quickPick.busy = false;
      }
    }
  });
  return vscode.Disposable.from(hiding, typing);
}
