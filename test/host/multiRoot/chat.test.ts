import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { harnessAvailable, uiAction } from '../harness/helpers';
import { extensionApi, waitFor, workspaceFolder } from '../hostHelpers';

const MODEL = { vendor: 'workspace-glob-test', id: 'scripted' };

describe('@glob in a multi-root workspace', () => {
  before(async () => {
    await extensionApi();
  });

  it('links each file by its path with the folder name, as the tool shows it, and the link opens it', async function () {
    if (!harnessAvailable()) {
      // Clicking in the chat needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    try {
      await vscode.commands.executeCommand('workbench.action.chat.newChat');
      await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@glob *.sql', modelSelector: MODEL, blockOnResponse: true });
      await vscode.commands.executeCommand('workbench.action.maximizeAuxiliaryBar');
      // Regression: each file was an anchor showing its base name only ('m-3.sql').
      await uiAction('click', 'text="back/db/m-3.sql"');
      const opened = await waitFor('the file to open', () => vscode.window.activeTextEditor?.document.uri.fsPath.endsWith('m-3.sql') ? vscode.window.activeTextEditor : undefined);
      assert.equal(opened.document.uri.fsPath, path.join(workspaceFolder(1), 'db/m-3.sql'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    }
  });
});
