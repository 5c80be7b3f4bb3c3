import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { harnessAvailable, uiAction } from '../harness/helpers';
import { extensionApi, workspaceFolder } from '../hostHelpers';

const MODEL = { vendor: 'workspace-glob-test', id: 'scripted' };

/** A command a link in a message could run; counts how often it did. */
const TRAP_COMMAND = 'workspaceGlobTest.trap';

describe('names and prompts that look like syntax, where people read them', () => {
  before(async () => {
    await extensionApi();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('notifications.hideList');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('a name shaped like a link is shown in a message as written, not as a link that runs a command', async function () {
    if (!harnessAvailable()) {
      // Reading the message needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    // Regression: a message reads "[label](command:…)" as a link that runs the command, so a file
    // named so showed as "trap" in the empty answer's "1 file matches when case is ignored: …".
    let ran = 0;
    const trap = vscode.commands.registerCommand(TRAP_COMMAND, () => (ran += 1));
    const directory = path.join(workspaceFolder(), 'link-names');
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, `[trap](command:${TRAP_COMMAND}).txt`), '');
    try {
      await vscode.commands.executeCommand('workspaceGlob.findFiles', { pattern: 'link-names/*.TXT' });
      await vscode.commands.executeCommand('notifications.showList');
      await uiAction('wait', `.notifications-center >> text=/command:${TRAP_COMMAND.replace(/\./g, '\\.')}\\)\\.txt/`);
      assert.equal(ran, 0);
    } finally {
      trap.dispose();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('@glob reads a quoted part joined to the rest of a word as one word, as a shell does', async function () {
    if (!harnessAvailable()) {
      // A question the bug makes the chat ask is answered in the runner's browser (harness/runInHost.js).
      this.skip();
    }
    // Regression: '"odd dir"/*.md' was read as the pattern "odd dir" and the path "/*.md", a path
    // outside the workspace that the chat then asked about.
    const directory = path.join(workspaceFolder(), 'odd dir');
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, 'a.md'), '');
    const api = await extensionApi();
    const searched: Array<{ pattern: string; page: string[] }> = [];
    const listener = api.onDidSearch((result) => searched.push({ pattern: result.pattern, page: result.page.map((shown) => shown.shown) }));
    try {
      await vscode.commands.executeCommand('workbench.action.chat.newChat');
      const answered = vscode.commands.executeCommand('workbench.action.chat.open', { query: '@glob "odd dir"/*.md', modelSelector: MODEL, blockOnResponse: true });
      const asked = uiAction('wait', 'text=List files outside the workspace?').then(() => 'asked', () => 'not asked');
      const outcome = await Promise.race([Promise.resolve(answered).then(() => 'answered'), asked]);
      assert.equal(outcome, 'answered');
      assert.deepEqual(searched, [{ pattern: 'odd dir/*.md', page: ['odd dir/a.md'] }]);
    } finally {
      listener.dispose();
      rmSync(directory, { recursive: true, force: true });
      await vscode.commands.executeCommand('workbench.action.chat.newChat');
    }
  });
});
