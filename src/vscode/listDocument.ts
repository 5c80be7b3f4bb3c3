/**
 * The complete list for people (SPEC §4): a read-only virtual document showing a saved list, in
 * which every path is a link that opens its file. The provider reads only list files inside the
 * extension's own lists directory, so a crafted URI cannot make it show anything else; a list
 * pruned since its URI was made (a tab restored after a reload, an old chat button) says so,
 * as does one changed on disk since it was saved.
 * The commands that open lists are in listCommands.ts.
 */

import * as path from 'node:path';
import * as vscode from 'vscode';
import { readSavedListText, savedListState } from '../core/spill/savedList';
import { spillLinks } from '../core/spill/spillFormat';
import type { GlobService } from './globService';
import { removedListMessage, unreadableListMessage } from './listMessages';
import { decodeListUri, encodeListUri, LIST_SCHEME } from './listUri';

/**
 * Links are made for this many paths at most: every link crosses to the renderer, and a
 * million of them would stall it. The rest of a longer list is still there to read.
 */
const MAX_LINKS = 50_000;

/** The URI that shows `listFile` on a tab titled `title` (listTitle.ts). */
export function listUri(listFile: string, title: string): vscode.Uri {
  return vscode.Uri.from(encodeListUri(listFile, title));
}

export function registerListDocument(service: GlobService): vscode.Disposable {
  const provider = new ListDocumentProvider(service);
  return vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(LIST_SCHEME, provider),
    vscode.languages.registerDocumentLinkProvider({ scheme: LIST_SCHEME }, provider),
  );
}

class ListDocumentProvider implements vscode.TextDocumentContentProvider, vscode.DocumentLinkProvider {
  constructor(private readonly service: GlobService) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const listFile = decodeListUri(uri);
    const state = listFile === undefined ? 'foreign' : await savedListState(listFile, this.service.listsDirectory);
    if (listFile === undefined || state === 'foreign') {
      throw new Error(`Not a complete list saved by Workspace Glob: ${uri.toString()}`);
    }
    if (state === 'removed') {
      throw new Error(removedListMessage(listFile));
    }
    // Changed on disk since it was saved (a tab restored after the file was edited), its links
    // would lead nowhere or to other files: it is not shown, and the message says why.
    const read = await readSavedListText(listFile);
    if (!('text' in read)) {
      throw new Error(unreadableListMessage(listFile, read));
    }
    return read.text;
  }

  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    const links: vscode.DocumentLink[] = [];
    for (const link of spillLinks(document.getText(), MAX_LINKS)) {
      // A name that is not UTF-8 has no file URI; its line stays plain text.
      if (typeof link.relative === 'string') {
        const target = vscode.Uri.file(path.join(link.root, link.relative));
        const documentLink = new vscode.DocumentLink(new vscode.Range(link.line, 0, link.line, link.length), target);
        documentLink.tooltip = 'Open file';
        links.push(documentLink);
      }
    }
    return links;
  }
}
