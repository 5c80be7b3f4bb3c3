import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { harnessAvailable, uiAction } from '../harness/helpers';
import { extensionApi, invokeGlob, pagePaths, resume, waitFor, whileFirstRipgrepPaused, workspaceFolder } from '../hostHelpers';

describe('the glob tool in a multi-root workspace', () => {
  before(async () => {
    await extensionApi();
    assert.equal(vscode.workspace.workspaceFolders?.length, 2);
  });

  it('labels paths with the folder name and balances the page across folders, then entries', async () => {
    const text = await invokeGlob({ pattern: '*' });
    const paths = pagePaths(text);
    assert.equal(paths.length, 96);
    assert.ok(paths.every((shown) => shown.startsWith('front/') || shown.startsWith('back/')));
    assert.match(text, /files match "\*" in the 2 workspace folders, oldest first/);
  });

  it('over the cap, takes turns across folders first', async () => {
    await vscode.workspace.getConfiguration('workspaceGlob').update('maxResults', 10, vscode.ConfigurationTarget.Global);
    try {
      const text = await invokeGlob({ pattern: '*' });
      const paths = pagePaths(text);
      assert.equal(paths.length, 10);
      const perFolder = (name: string): number => paths.filter((shown) => shown.startsWith(`${name}/`)).length;
      assert.equal(perFolder('front'), 5);
      assert.equal(perFolder('back'), 5);
      const entries = new Set(paths.map((shown) => shown.split('/').slice(0, 2).join('/')));
      assert.deepEqual([...entries].sort(), ['back/api', 'back/db', 'front/src', 'front/styles']);
      assert.match(text, /Matches per entry: front\/src\/ 40 · front\/styles\/ 40 · back\/api\/ 8 · back\/db\/ 8/);
    } finally {
      await vscode.workspace.getConfiguration('workspaceGlob').update('maxResults', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('reads a path that starts with a folder name as that folder', async () => {
    const paths = pagePaths(await invokeGlob({ pattern: '*.sql', path: 'back' }));
    assert.equal(paths.length, 8);
    assert.ok(paths.every((shown) => shown.startsWith('back/db/')));
  });

  it('reads a path that starts with a folder name in each folder too, where that folder lacks the rest', async () => {
    // Regression: "back/notes" was looked for only in the folder named back, and refused, though
    // front holds a directory back/notes (paths of a single-root checkout read so).
    const notes = path.join(workspaceFolder(0), 'back', 'notes');
    mkdirSync(notes, { recursive: true });
    writeFileSync(path.join(notes, 'todo.md'), '');
    try {
      assert.deepEqual(pagePaths(await invokeGlob({ pattern: '*.md', path: 'back/notes' })), ['front/back/notes/todo.md']);
    } finally {
      rmSync(path.join(workspaceFolder(0), 'back'), { recursive: true, force: true });
    }
  });

  it('reads a path that starts with "./" and a folder name as that folder too', async () => {
    // Regression: "./back" was looked for as a directory back inside each folder, and refused.
    const paths = pagePaths(await invokeGlob({ pattern: '*.sql', path: './back/db' }));
    assert.equal(paths.length, 8);
    assert.ok(paths.every((shown) => shown.startsWith('back/db/')));
  });

  it('tells a folder whose name holds "/" from the folder its name starts with, and the complete list s links open each one s file', async () => {
    // Regression: a workspace file may name a folder anything; one named "front/src" showed its
    // view-0.ts as "front/src/view-0.ts", as front's own src/view-0.ts is shown, and both lines of
    // the complete list opened the file in "front/src".
    const named = path.join(path.dirname(workspaceFolder(0)), 'named-with-slash');
    mkdirSync(named, { recursive: true });
    writeFileSync(path.join(named, 'view-0.ts'), '');
    const settings = vscode.workspace.getConfiguration('workspaceGlob');
    await settings.update('maxResults', 1, vscode.ConfigurationTarget.Global);
    await changedFolders(() => vscode.workspace.updateWorkspaceFolders(2, 0, { uri: vscode.Uri.file(named), name: 'front/src' }));
    try {
      const text = await invokeGlob({ pattern: 'view-0.ts' });
      assert.match(text, /The complete list of 2 paths/);
      await vscode.commands.executeCommand('workspaceGlob.openLastList');
      const list = await waitFor('the list editor', () => (vscode.window.activeTextEditor?.document.uri.scheme === 'workspace-glob-list' ? vscode.window.activeTextEditor.document : undefined));
      const lines = list.getText().split('\n');
      const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', list.uri);
      assert.deepEqual(
        links.map((link) => [lines[link.range.start.line], link.target?.fsPath]).sort(),
        [
          ['front-src/view-0.ts', path.join(named, 'view-0.ts')],
          ['front/src/view-0.ts', path.join(workspaceFolder(0), 'src', 'view-0.ts')],
        ],
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await changedFolders(() => vscode.workspace.updateWorkspaceFolders(2, 1));
      await settings.update('maxResults', undefined, vscode.ConfigurationTarget.Global);
      rmSync(named, { recursive: true, force: true });
    }
  });

  it('searches the folders still on disk when one is gone, and says so to the model and in the quick pick', async () => {
    // Regression: one folder deleted while open failed every search of the workspace.
    const doomed = path.join(path.dirname(workspaceFolder(0)), 'soon-gone');
    mkdirSync(doomed, { recursive: true });
    writeFileSync(path.join(doomed, 'lost.sql'), '');
    await changedFolders(() => vscode.workspace.updateWorkspaceFolders(2, 0, { uri: vscode.Uri.file(doomed) }));
    rmSync(doomed, { recursive: true, force: true });
    try {
      const text = await invokeGlob({ pattern: '*.sql' });
      const paths = pagePaths(text);
      assert.equal(paths.length, 8);
      assert.ok(paths.every((shown) => shown.startsWith('back/db/')));
      assert.match(text, /The workspace folder "soon-gone" is missing on disk \(.*soon-gone\): it may have been moved or deleted, so it was not searched; only 2 of the 3 workspace folders were\./);
      if (harnessAvailable()) {
        const picked = vscode.commands.executeCommand('workspaceGlob.findFiles', { pattern: '*.sql' });
        await uiAction('wait', '.quick-input-list >> text=/Workspace folder soon-gone is missing on disk, so it was not searched/');
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
        await picked;
      }
    } finally {
      await changedFolders(() => vscode.workspace.updateWorkspaceFolders(2, 1));
    }
  });

  it('the quick pick of a search stopped by its time limit says why, with what the footer says', async function () {
    if (!harnessAvailable()) {
      // Reading what the quick pick draws needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    // Regression: the pick's title said "INCOMPLETE" and nothing in it said why or what was left out.
    // The first folder's walk ends and the second's ripgrep is held until the time limit stops it.
    // Over the cap, so a list is saved: the item that opens it calls it what it holds. Three
    // seconds, not one: the first folder's 80 files must all be read before the limit; once, on a
    // machine busy beside the tests, this test failed, most likely so (the pick was not kept).
    const settings = vscode.workspace.getConfiguration('workspaceGlob');
    await settings.update('timeoutSeconds', 3, vscode.ConfigurationTarget.Global);
    await settings.update('maxResults', 10, vscode.ConfigurationTarget.Global);
    try {
      await whileFirstRipgrepPaused(
        (await extensionApi()).onDidRunRipgrep,
        () => vscode.commands.executeCommand('workspaceGlob.findFiles', { pattern: '*' }),
        async (rg) => {
          await uiAction('wait', '.quick-input-list >> text=/INCOMPLETE: the search stopped at its time limit of 3 s, so these 80 files are only what was found before that/');
          await uiAction('wait', '.quick-input-list >> text=/Open the list of the files found so far/');
          await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
          resume(rg);
        },
        2,
      );
    } finally {
      await settings.update('timeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
      await settings.update('maxResults', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  /** Runs `change` (a call to updateWorkspaceFolders) and resolves once the folders have changed. */
  async function changedFolders(change: () => boolean): Promise<void> {
    const changed = new Promise<void>((resolve) => {
      const listener = vscode.workspace.onDidChangeWorkspaceFolders(() => {
        listener.dispose();
        resolve();
      });
    });
    assert.ok(change(), 'VS Code refused the change of workspace folders');
    await changed;
  }
});

