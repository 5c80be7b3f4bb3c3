/**
 * What a person is told about a complete list that cannot be shown: one that was saved and has
 * since been pruned (lists are removed oldest first, past the count and size the settings allow),
 * or one changed on disk since it was saved (opened as a file and edited), worded the same
 * wherever it is noticed: opening it from the chat or the quick pick, "Open Last Complete List",
 * or a tab restored after a reload.
 */

import { savedListTime, type UnreadableList } from '../core/spill/savedList';

/** `title` names the list when it is known (listTitle.ts); the time it was saved is in its name. */
export function removedListMessage(listFile: string, title?: string): string {
  return (
    `The complete list${which(listFile, title)} has been removed: Workspace Glob keeps only the newest lists ` +
    '(settings workspaceGlob.completeLists.maxCount and maxMegabytes) and removes the oldest first. ' +
    'Run the search again to get its complete list.'
  );
}

/**
 * A list of ours that does not read as one: what gave it away, and that it was changed after it
 * was saved, where it was read and is not what was saved (rather than "not a complete list",
 * which left the person to guess why).
 */
export function unreadableListMessage(listFile: string, reading: UnreadableList, title?: string): string {
  const changed = reading.changed ? ', so it was changed after Workspace Glob saved it' : '';
  return `The complete list${which(listFile, title)} cannot be shown: ${reading.problem}${changed}. Its file is ${listFile}. Run the search again to get its complete list.`;
}

/** Which list: its title and the time it was saved, as far as they are known. */
function which(listFile: string, title: string | undefined): string {
  const saved = savedListTime(listFile);
  const parts = [title ? `for ${title}` : '', saved ? `saved ${saved.toLocaleString('en-US')}` : ''].filter(Boolean).join(', ');
  return parts ? ` (${parts})` : '';
}
