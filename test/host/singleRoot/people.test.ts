import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as vscode from 'vscode';
import * as path from 'node:path';
import { extensionApi, fixturesRoot, invokeGlob, resume, waitFor, whileFirstRipgrepPaused, workspaceFolder } from '../hostHelpers';
import { harnessAvailable, screenshot, uiAction } from '../harness/helpers';

const MODEL = { vendor: 'workspace-glob-test', id: 'scripted' };
const CONFIRMATION_BUTTONS = '.chat-confirmation-widget-buttons .monaco-button';

/** Sends a chat request; resolves when the response is complete. */
function chat(query: string): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.chat.open', { query, modelSelector: MODEL, blockOnResponse: true });
}

const LIST_SCHEME = 'workspace-glob-list';

describe('the complete list, the quick pick and @glob, for people', () => {
  before(async () => {
    await extensionApi();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens the last complete list as a read-only document holding every path, each a link to its file', async () => {
    const text = await invokeGlob({ pattern: '*.js' });
    const total = Number(/of ([\d,]+) files matching/.exec(text)?.[1].replace(/,/g, ''));
    assert.equal(total, 301);
    await vscode.commands.executeCommand('workspaceGlob.openLastList');
    const editor = await waitFor('the list editor', () =>
      vscode.window.activeTextEditor?.document.uri.scheme === LIST_SCHEME ? vscode.window.activeTextEditor : undefined,
    );
    const document = editor.document;
    const lines = document.getText().split('\n');
    const paths = lines.slice(lines.indexOf('') + 1).filter(Boolean);
    assert.equal(paths.length, 301);
    assert.deepEqual(paths.slice(0, 2), ['archive/pkg-0/file-0.js', 'archive/pkg-1/file-1.js']);

    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
    assert.equal(links.length, 301);
    for (const link of links) {
      assert.ok(link.target && link.target.scheme === 'file' && existsSync(link.target.fsPath), `bad link ${link.target?.toString()}`);
    }
    assert.equal(links[0].target?.fsPath, `${workspaceFolder()}/archive/pkg-0/file-0.js`);

    await assert.rejects(
      Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: LIST_SCHEME, path: '/passwd', query: `file=${encodeURIComponent('/etc/passwd')}` }))),
      'the list document must not read files outside its own storage',
    );
    await screenshot('complete-list-document');
  });

  it('titles the complete list tab by its pattern, path and total, with slashes, braces and other awkward characters', async () => {
    // Regression: the tab was titled by the time the list was saved (glob-20261130T…txt).
    await invokeGlob({ pattern: '*.js' });
    const plain = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('workspaceGlob.openLastList');
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, '*.js — 301 files');
    assert.equal(plain?.document.uri.scheme, LIST_SCHEME);

    const pattern = '**/{[ f%#ü]ile,x}-?*.js';
    await invokeGlob({ pattern, path: 'archive' });
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('workspaceGlob.openLastList');
    const title = '**\u2215{[ f%#ü]ile,x}-?*.js in archive\u2215 — 300 files';
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, title);
    assert.ok(editor);
    // Through the URI's text and back: the title is the path's one segment, the list file intact.
    const reparsed = vscode.Uri.parse(editor.document.uri.toString());
    assert.equal(reparsed.path, `/${title}`);
    assert.equal(reparsed.query, editor.document.uri.query);
    const reopened = await vscode.workspace.openTextDocument(reparsed);
    assert.equal(reopened.getText(), editor.document.getText());
    assert.equal(reopened.getText().split('\n').filter((line) => line.startsWith('archive/')).length, 300);
  });

  it('says a pruned complete list was removed and to search again, and tells it from a file that is not a list', async function () {
    if (!harnessAvailable()) {
      // Reading the messages shown needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    const api = await extensionApi();
    const saved: string[] = [];
    const listener = api.onDidSearch((result) => (result.spill?.saved ? saved.push(result.spill.path) : undefined));
    await vscode.workspace.getConfiguration('workspaceGlob').update('completeLists.maxCount', 1, vscode.ConfigurationTarget.Global);
    try {
      await invokeGlob({ pattern: '*.js' });
      await invokeGlob({ pattern: '*.dat' });
      assert.equal(saved.length, 2);
      // Room for one list: saving the second prunes the first.
      await waitFor('the older list to be pruned', () => (existsSync(saved[0]) ? undefined : true));
      const pruned = vscode.Uri.from({ scheme: LIST_SCHEME, path: '/old', query: `file=${encodeURIComponent(saved[0])}` });
      // Regression: this said "Not a complete list saved by Workspace Glob".
      await assert.rejects(Promise.resolve(vscode.workspace.openTextDocument(pruned)), /has been removed: .*removes the oldest first\. Run the search again/);
      assert.equal(await vscode.commands.executeCommand('workspaceGlob.openList', saved[0], '*.js — 301 files'), undefined);
      await vscode.commands.executeCommand('notifications.showList');
      await uiAction('wait', '.notifications-center >> text=/The complete list \\(for \\*\\.js — 301 files, saved .*\\) has been removed/');
      // The last list, removed behind the extension's back, is named by what it was.
      unlinkSync(saved[1]);
      assert.equal(await vscode.commands.executeCommand('workspaceGlob.openLastList'), undefined);
      await uiAction('wait', '.notifications-center >> text=/The complete list \\(for \\*\\.dat — 3,000 files, saved .*\\) has been removed/');
      // A file that never was a list is still called that.
      await assert.rejects(
        Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: LIST_SCHEME, path: '/x', query: `file=${encodeURIComponent(path.join(workspaceFolder(), 'README.md'))}` }))),
        /Not a complete list saved by Workspace Glob/,
      );
    } finally {
      listener.dispose();
      await vscode.workspace.getConfiguration('workspaceGlob').update('completeLists.maxCount', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('notifications.hideList');
    }
  });

  it('says a complete list changed on disk since it was saved cannot be shown, and what gave it away', async () => {
    // Regression: a list of ours saved again with Windows line ends was "Not a complete list
    // saved by Workspace Glob", and a tab restored after the edit showed it with no links.
    const api = await extensionApi();
    let saved: string | undefined;
    const listener = api.onDidSearch((result) => (result.spill?.saved ? (saved = result.spill.path) : undefined));
    try {
      await invokeGlob({ pattern: '*.js' });
    } finally {
      listener.dispose();
    }
    assert.ok(saved);
    const original = readFileSync(saved, 'utf8');
    writeFileSync(saved, original.replace(/\n/g, '\r\n'));
    try {
      const edited = vscode.Uri.from({ scheme: LIST_SCHEME, path: '/edited', query: `file=${encodeURIComponent(saved)}` });
      const why = /cannot be shown: its lines end in a carriage return and a line feed, as an editor that saves with Windows line ends writes them, so it was changed after Workspace Glob saved it\./;
      await assert.rejects(Promise.resolve(vscode.workspace.openTextDocument(edited)), why);
      assert.equal(await vscode.commands.executeCommand('workspaceGlob.openLastList'), undefined);
      if (harnessAvailable()) {
        // Reading the message shown needs the runner's browser (harness/runInHost.js).
        await vscode.commands.executeCommand('notifications.showList');
        await uiAction('wait', '.notifications-center >> text=/The complete list \\(for \\*\\.js — 301 files, saved .*\\) cannot be shown: its lines end in a carriage return/');
      }
    } finally {
      writeFileSync(saved, original);
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('notifications.hideList');
    }
  });

  it('“Glob: Find Files…” shows the page in a quick pick and opens the picked file', async () => {
    const picked = vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceGlob.findFiles', { pattern: 'README.md' });
    let settled = false;
    void picked.then(() => (settled = true));
    await waitFor('the quick pick to take the pick', async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return settled ? true : undefined;
    });
    const uri = await picked;
    assert.equal(uri?.fsPath, `${workspaceFolder()}/README.md`);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, `${workspaceFolder()}/README.md`);
  });

  it('the quick pick shows names holding "$(…)" as written, not as icons', async function () {
    if (!harnessAvailable()) {
      // Reading what the quick pick draws needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    // Regression: "$(OUT).o" (an unexpanded make variable) showed as ".o", and "$(alert)/" as "⚠/".
    const odd = path.join(workspaceFolder(), 'odd-names');
    for (const name of ['$(alert)/a.txt', '$(alert)/b.txt', 'x/c.txt', 'x/d.txt', '$(OUT).o']) {
      mkdirSync(path.dirname(path.join(odd, name)), { recursive: true });
      writeFileSync(path.join(odd, name), '');
    }
    await vscode.workspace.getConfiguration('workspaceGlob').update('maxResults', 3, vscode.ConfigurationTarget.Global);
    try {
      const picked = vscode.commands.executeCommand('workspaceGlob.findFiles', { pattern: '*', path: 'odd-names' });
      await uiAction('wait', '.quick-input-list >> text="odd-names/$(OUT).o"');
      await uiAction('wait', '.quick-input-list >> text="odd-names/$(alert)/a.txt"');
      // A separator's label is plain text: it shows as written without escaping.
      await uiAction('wait', '.quick-input-list >> text="odd-names/$(alert)/ · 1 of 2"');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await picked;
    } finally {
      await vscode.workspace.getConfiguration('workspaceGlob').update('maxResults', undefined, vscode.ConfigurationTarget.Global);
      rmSync(odd, { recursive: true, force: true });
    }
  });

  it('the progress of a search shows "$(…)" in its pattern as written, in the status bar and in the notification center', async function () {
    if (!harnessAvailable()) {
      // Reading what the status bar draws needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    // Regression: with notifications silenced, the status bar showed "Finding files matching
    // "$(alert)*.dat"" with an alert icon in place of "$(alert)", and the notification "*.dat".
    // Silenced ("Do Not Disturb"), a search's progress goes to the status bar from its start.
    await vscode.commands.executeCommand('notifications.toggleDoNotDisturbMode');
    try {
      await whileFirstRipgrepPaused(
        (await extensionApi()).onDidRunRipgrep,
        () => vscode.commands.executeCommand('workspaceGlob.findFiles', { pattern: '$(alert)*.dat', path: 'bulk' }),
        async (rg, search) => {
          await uiAction('wait', '.statusbar >> text=/Finding files matching "\\$\\u2060?\\(alert\\)\\*\\.dat"/');
          await vscode.commands.executeCommand('notifications.showList');
          await uiAction('wait', '.notifications-center >> text=/Finding files matching "\\$\\u2060?\\(alert\\)\\*\\.dat"/');
          resume(rg);
          // Nothing matches: the search ends with a message.
          assert.equal(await search, undefined);
        },
      );
    } finally {
      await vscode.commands.executeCommand('notifications.toggleDoNotDisturbMode');
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('notifications.hideList');
    }
  });

  it('the quick pick of a sampled result groups by entry and offers the complete list and a look inside the largest entries (screenshot)', async () => {
    const api = await extensionApi();
    const totals: number[] = [];
    const listener = api.onDidSearch((result) => totals.push(result.total));
    try {
      const picked = vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceGlob.findFiles', { pattern: '*' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await screenshot('quick-pick');
      if (harnessAvailable()) {
        // Picking the item searches again inside bulk/ and shows that page.
        await uiAction('click', '.quick-input-list >> text=Look inside bulk/');
        await waitFor('the search inside bulk/', () => (totals.length >= 2 ? true : undefined));
        assert.equal(totals[1], 3000);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await picked, undefined);
    } finally {
      listener.dispose();
    }
  });

  it('typing in the quick pick of a sampled result finds files of the complete list that are not on the page', async function () {
    if (!harnessAvailable()) {
      // Typing into the quick pick needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    // Regression: the filter saw the page's 100 files only, and item-2999.dat (in the complete
    // list, not on the page) was not found.
    const api = await extensionApi();
    const results: Array<{ page: ReadonlyArray<{ shown: string }> }> = [];
    const listener = api.onDidSearch((result) => results.push(result));
    try {
      const picked = vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceGlob.findFiles', { pattern: '*.dat' });
      await waitFor('the search', () => (results.length > 0 ? true : undefined));
      assert.ok(!results[0].page.some((path) => path.shown.endsWith('/item-2999.dat')), 'item-2999.dat is on the page: the case to test');
      await uiAction('click', '.quick-input-box input');
      await uiAction('type', 'item-2999.dat');
      await uiAction('click', '.quick-input-list >> text=/item-2999\\.dat/');
      const uri = await picked;
      assert.equal(uri?.fsPath, path.join(workspaceFolder(), 'bulk', 'group-29', 'item-2999.dat'));
    } finally {
      listener.dispose();
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
  });

  it('a quick pick started later is not covered by the pick of a search started before it that ends after it', async function () {
    if (!harnessAvailable()) {
      // Seeing which quick pick is shown needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    // Regression: the first search's pick came up over the second's, which it closed: the
    // person saw the answer to the search they had replaced.
    try {
      await whileFirstRipgrepPaused(
        (await extensionApi()).onDidRunRipgrep,
        () => vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceGlob.findFiles', { pattern: '*', path: 'bulk' }),
        async (rg, first) => {
          const second = vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceGlob.findFiles', { pattern: 'README.md' });
          await uiAction('wait', '.quick-input-list >> text="README.md"');
          // Gone already where the second search stopped the first.
          resume(rg);
          // The first command settles once its search has ended; the second's pick must still be up.
          const settled = await Promise.race([Promise.resolve(first).then(() => 'first'), Promise.resolve(second).then(() => 'second')]);
          assert.equal(settled, 'first');
          assert.equal(await first, undefined);
          await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
          assert.equal((await second)?.fsPath, path.join(workspaceFolder(), 'README.md'));
        },
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
  });

  it('a "Find Files" replaced by a newer one does not make its list the last complete list', async () => {
    // Regression: the replaced search, stopped with all of bulk/ listed, saved that list, and
    // "Open Last Complete List" opened it, though its pick was never shown and the newer search
    // (one file, no list) was the one asked for.
    const api = await extensionApi();
    let ripgrep: string | undefined;
    const listening = api.onDidRunRipgrep((event) => (ripgrep ??= event.command[0]));
    try {
      await invokeGlob({ pattern: '*.js' });
    } finally {
      listening.dispose();
    }
    assert.ok(ripgrep);
    // VS Code's own ripgrep, whose walk then stays open until the search is stopped: the search
    // it replaces has listed everything, so its list is one of every file, saved as it stops.
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'stalling-ripgrep-'));
    const listed = path.join(scratch, 'listed');
    const stalling = path.join(scratch, 'rg');
    writeFileSync(stalling, `#!/bin/sh\n${shellWord(ripgrep)} "$@"\nstatus=$?\ncase " $* " in *" --null "*) : > ${shellWord(listed)}; exec sleep 600 ;; esac\nexit $status\n`, { mode: 0o755 });
    const settings = vscode.workspace.getConfiguration('workspaceGlob');
    const saved: string[] = [];
    const searched = api.onDidSearch((result) => (result.spill?.saved ? saved.push(result.pattern) : undefined));
    await settings.update('ripgrepPath', stalling, vscode.ConfigurationTarget.Global);
    try {
      const replaced = vscode.commands.executeCommand('workspaceGlob.findFiles', { pattern: '*', path: 'bulk' });
      await waitFor('the first search to list bulk/', () => (existsSync(listed) ? true : undefined));
      await settings.update('ripgrepPath', undefined, vscode.ConfigurationTarget.Global);
      const newer = vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceGlob.findFiles', { pattern: 'README.md' });
      assert.equal(await replaced, undefined);
      assert.deepEqual(saved, ['*'], 'the replaced search saved no list: nothing to test');
      let settled = false;
      void newer.then(() => (settled = true));
      await waitFor('the newer pick to take the pick', async () => {
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return settled ? true : undefined;
      });
      assert.equal((await newer)?.fsPath, path.join(workspaceFolder(), 'README.md'));
      await vscode.commands.executeCommand('workspaceGlob.openLastList');
      assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, '*.js — 301 files');
    } finally {
      searched.dispose();
      await settings.update('ripgrepPath', undefined, vscode.ConfigurationTarget.Global);
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  /** `text` as one word of a POSIX shell command. */
  function shellWord(text: string): string {
    return `'${text.replace(/'/g, `'\\''`)}'`;
  }

  it('an empty quick-pick search says why in a message whose button runs the search meant', async function () {
    if (!harnessAvailable()) {
      // Clicking the message's button needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    const api = await extensionApi();
    const totals: number[] = [];
    const listener = api.onDidSearch((result) => totals.push(result.total));
    try {
      // Quoted as on a command line: nothing is named so, and the answer names the pattern meant.
      await vscode.commands.executeCommand('workspaceGlob.findFiles', { pattern: '"README.md"' });
      // The test workbench keeps new messages in the notification center rather than as toasts.
      await vscode.commands.executeCommand('notifications.showList');
      await uiAction('click', '.notifications-center >> text=Search for README.md');
      await waitFor('the search meant', () => (totals.length >= 2 ? true : undefined));
      assert.deepEqual(totals, [0, 1]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    } finally {
      listener.dispose();
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('notifications.hideList');
    }
  });

  it('@glob answers in a real chat request, through the tool, with file links grouped by entry, the complete list and follow-ups', async () => {
    const api = await extensionApi();
    const results: number[] = [];
    const listener = api.onDidSearch((result) => results.push(result.total));
    await vscode.workspace.getConfiguration('workspaceGlob').update('maxResults', 8, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('workbench.action.chat.newChat');
      await chat('@glob *');
      assert.equal(results.length, 1, 'the participant did not search through the tool');
      assert.ok(results[0] > 8);
      await vscode.commands.executeCommand('workbench.action.maximizeAuxiliaryBar');
      await screenshot('chat-glob-answer');
      if (harnessAvailable()) {
        // The footer's advice as a follow-up: clicking it asks @glob again, inside the largest entry.
        await uiAction('click', 'text=Look inside bulk/');
        await waitFor('the follow-up search', () => (results.length >= 2 ? true : undefined));
        assert.deepEqual(results, [results[0], 3000]);
      }
    } finally {
      listener.dispose();
      await vscode.workspace.getConfiguration('workspaceGlob').update('maxResults', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    }
  });

  it('@glob links each file by its path as the tool shows it, and the link opens that file', async function () {
    if (!harnessAvailable()) {
      // Clicking in the chat needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    await vscode.workspace.getConfiguration('workspaceGlob').update('maxResults', 8, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('workbench.action.chat.newChat');
      await chat('@glob *.js');
      await vscode.commands.executeCommand('workbench.action.maximizeAuxiliaryBar');
      // Regression: each file was an anchor showing its base name only ('file-0.js').
      await uiAction('click', 'text="archive/pkg-0/file-0.js"');
      const opened = await waitFor('the file to open', () => vscode.window.activeTextEditor?.document.uri.fsPath.endsWith('file-0.js') ? vscode.window.activeTextEditor : undefined);
      assert.equal(opened.document.uri.fsPath, path.join(workspaceFolder(), 'archive/pkg-0/file-0.js'));
    } finally {
      await vscode.workspace.getConfiguration('workspaceGlob').update('maxResults', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    }
  });

  it('@glob says what of the prompt it cannot take, rather than search without it', async function () {
    if (!harnessAvailable()) {
      // Reading the answer needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    // Regression: "@glob *.ts src test" searched src alone; "test" was dropped without a word.
    const api = await extensionApi();
    let searches = 0;
    const listener = api.onDidSearch(() => (searches += 1));
    try {
      await vscode.commands.executeCommand('workbench.action.chat.newChat');
      await chat('@glob *.ts src test');
      await uiAction('wait', 'text=/Not searched: @glob takes one pattern and at most one path, and test is left over/');
      assert.equal(searches, 0);
    } finally {
      listener.dispose();
    }
  });

  it('asks in the chat before looking for a path outside the workspace that does not exist, and not for one inside', async function () {
    if (!harnessAvailable()) {
      // Clicking the chat's confirmation needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    // Before the test that allows a search outside: once allowed, the tool is not asked about again.
    // Regression: a missing "path" did not resolve, so nothing was asked, and the error then
    // named what lies beside it outside the workspace (a directory of a near name, files of that stem).
    // The question names the directory, not "../outside/x-missing" as written, which says not from
    // where (regression).
    const missing = path.join(fixturesRoot(), 'outside', 'x-missing');
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    void chat('@glob *.txt ../outside/x-missing');
    await uiAction('click', 'text=List files outside the workspace?');
    await uiAction('wait', `code:has-text(${JSON.stringify(missing)})`);
    await uiAction('click', `${CONFIRMATION_BUTTONS}:has-text("Skip")`);
    // Once declined, the tool's row shows its invocation message, marked as not run.
    await uiAction('wait', 'text=Finding files with');
    // A missing "path" inside the workspace is answered without a question: the tool runs and
    // its error shows (a question would hold it back until answered).
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await chat('@glob *.txt no-such-dir');
    await uiAction('wait', 'text=/"no-such-dir" does not exist/');
  });

  it('asks in the chat before searching outside the workspace: declining searches nothing, allowing searches', async function () {
    if (!harnessAvailable()) {
      // Clicking the chat's confirmation needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    const api = await extensionApi();
    const outside = path.join(fixturesRoot(), 'outside');
    const searched: string[][] = [];
    let ripgrepRuns = 0;
    const listener = vscode.Disposable.from(
      api.onDidSearch((result) => searched.push(result.page.map((page) => page.shown))),
      api.onDidRunRipgrep((event) => (ripgrepRuns += event.phase === 'start' ? 1 : 0)),
    );
    try {
      await vscode.commands.executeCommand('workbench.action.chat.newChat');
      void chat(`@glob *.txt ${outside}`);
      // Clicking the question itself only waits until the confirmation is there.
      await uiAction('click', 'text=List files outside the workspace?');
      await screenshot('chat-confirmation');
      await uiAction('click', `${CONFIRMATION_BUTTONS}:has-text("Skip")`);
      // Once declined, the tool's row shows its invocation message, marked as not run.
      await uiAction('click', 'text=Finding files matching');
      assert.deepEqual(searched, []);
      assert.equal(ripgrepRuns, 0);

      await vscode.commands.executeCommand('workbench.action.chat.newChat');
      void chat(`@glob *.txt ${outside}`);
      await uiAction('click', `${CONFIRMATION_BUTTONS}:has-text("Allow")`);
      await waitFor('the allowed search', () => (searched.length > 0 ? true : undefined));
      assert.deepEqual(searched, [[`${outside}/x/one.txt`, `${outside}/y/two.txt`]]);
      // Expand the finished steps: the tool's row shows its invocation message.
      await uiAction('click', 'text=/Completed \\d+ steps?/');
      await uiAction('click', 'text=Finding files matching');
      await screenshot('chat-tool-row');
    } finally {
      listener.dispose();
    }
  });
});
