/**
 * What a person is told about a complete list that cannot be shown: one that was saved and has
 * since been pruned (lists are removed oldest first, past the count and size the settings allow),
 * worded the same wherever it is noticed: opening it from the chat or the quick pick, "Open Last
 * Complete List", or a tab restored after a reload.
 */

import { savedListTime } from '../core/spill/savedList';

/** `title` names the list when it is known (listTitle.ts); the time it was saved is in its name. */
export function removedListMessage(listFile: string, title?: string): string {
  const saved = savedListTime(listFile);
  const which = [title ? `for ${title}` : '', saved ? `saved ${saved.toLocaleString('en-US')}` : ''].filter(Boolean).join(', ');
  return (
    `The complete list${which ? ` (${which})` : ''} has been removed: Workspace Glob keeps only the newest lists ` +
    '(settings workspaceGlob.completeLists.maxCount and maxMegabytes) and removes the oldest first. ' +
    'Run the search again to get its complete list.'
  );
}
