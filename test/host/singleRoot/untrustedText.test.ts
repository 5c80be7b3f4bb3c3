import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { harnessAvailable, uiAction } from '../harness/helpers';
import { extensionApi, workspaceFolder } from '../hostHelpers';

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
});
