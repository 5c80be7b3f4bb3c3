/**
 * The complete list for people (SPEC §4): a read-only virtual document showing a saved list, in
 * which every path is a link that opens its file, and the commands that open it. The provider
 * reads only list files inside the extension's own lists directory, so a crafted URI cannot
 * make it show anything else.
 */

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SPILL_FILE_NAME } from '../core/spill';
import { spillLinks } from '../core/spillFormat';
import type { GlobService } from './globService';
import { decodeListUri, encodeListUri, LIST_SCHEME } from './listUri';

/**
 * Links are made for this many paths at most: every link crosses to the renderer, and a
 * million of them would stall it. The rest of a longer list is still there to read.
 */
const MAX_LINKS = 50_000;

export function listUri(listFile: string): vscode.Uri {
  return vscode.Uri.from(encodeListUri(listFile));
}

export function registerListDocument(service: GlobService): vscode.Disposable {
  const provider = new ListDocumentProvider(service);
  return vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(LIST_SCHEME, provider),
    vscode.languages.registerDocumentLinkProvider({ scheme: LIST_SCHEME }, provider),
    vscode.commands.registerCommand('workspaceGlob.openList', (listFile: unknown) =>
      typeof listFile === 'string' ? openList(listFile) : undefined,
    ),
    vscode.commands.registerCommand('workspaceGlob.openLastList', async () => {
      const last = service.lastList;
      if (!last) {
        void vscode.window.showInformationMessage('No complete list yet: one is saved when a search finds more files than fit on a page.');
        return undefined;
      }
      return openList(last);
    }),
  );
}

export async function openList(listFile: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(listUri(listFile));
  return vscode.window.showTextDocument(document, { preview: false });
}

class ListDocumentProvider implements vscode.TextDocumentContentProvider, vscode.DocumentLinkProvider {
  constructor(private readonly service: GlobService) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const listFile = decodeListUri(uri);
    if (!listFile || !(await this.isOwnList(listFile))) {
      throw new Error(`Not a complete list saved by Workspace Glob: ${uri.toString()}`);
    }
    return fs.readFile(listFile, 'utf8');
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

  private async isOwnList(listFile: string): Promise<boolean> {
    try {
      const [directory, real] = await Promise.all([fs.realpath(this.service.listsDirectory), fs.realpath(listFile)]);
      return path.dirname(real) === directory && SPILL_FILE_NAME.test(path.basename(real));
    } catch {
      return false;
    }
  }
}
