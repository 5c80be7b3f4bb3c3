/**
 * The commands that open a complete list in its document (listDocument.ts): "Open Complete List"
 * for the chat's button and the quick pick's item, and "Open Last Complete List", which finds the
 * list saved last even after a window reload (lastList.ts). A list pruned since, one changed on
 * disk since it was saved, or a path that is no list of ours, gets a message that says which,
 * instead of a failed command.
 */

import * as vscode from 'vscode';
import { readSavedList, savedListState } from '../core/spill/savedList';
import type { GlobService } from './globService';
import { listUri } from './listDocument';
import { removedListMessage, unreadableListMessage } from './listMessages';
import { listTitle } from './listTitle';
import { messageText } from './messageText';

export function registerListCommands(service: GlobService): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('workspaceGlob.openList', (listFile: unknown, title: unknown) =>
      typeof listFile === 'string' ? openList(service, listFile, typeof title === 'string' ? title : undefined) : undefined,
    ),
    vscode.commands.registerCommand('workspaceGlob.openLastList', async () => {
      const last = service.lastList;
      if (!last) {
        void vscode.window.showInformationMessage('No complete list yet: one is saved when a search finds more files than fit on a page.');
        return undefined;
      }
      return openList(service, last.file, last.title);
    }),
  );
}

/**
 * Opens a saved list on a tab titled by its own header, so it gets the same tab however it is
 * opened; resolves with the editor, or undefined when there is no list to show (said in a
 * message). `title` names a list that is gone or no longer reads as one.
 */
export async function openList(service: GlobService, listFile: string, title?: string): Promise<vscode.TextEditor | undefined> {
  const state = await savedListState(listFile, service.listsDirectory);
  if (state === 'removed') {
    void vscode.window.showWarningMessage(messageText(removedListMessage(listFile, title)));
    return undefined;
  }
  if (state === 'foreign') {
    void vscode.window.showErrorMessage(messageText(`Not a complete list saved by Workspace Glob: ${listFile}`));
    return undefined;
  }
  const reading = await readSavedList(listFile);
  if (!('header' in reading)) {
    void vscode.window.showErrorMessage(messageText(unreadableListMessage(listFile, reading, title)));
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(listUri(listFile, listTitle(reading.header)));
  return vscode.window.showTextDocument(document, { preview: false });
}
