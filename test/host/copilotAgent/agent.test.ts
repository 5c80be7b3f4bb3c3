import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GlobResult, RipgrepEvent } from '../../../src/core';
import { harnessAvailable, screenshot, uiAction } from '../harness/helpers';
import { extensionApi, fixturesRoot, isAlive, pagePaths, pausedOrEnded, waitFor } from '../hostHelpers';
import type { ReceivedToolResult } from '../fakeLm/extension';
import { askAgent, COPILOT_AGENT_ID, enableCopilotAgent, send, transcript, type AgentResponse } from './agent';

/** Top-level entries VS Code's search sees in the single-root fixture (fixtures.ts): the rest are ignored or excluded. */
const VISIBLE_ENTRIES = ['.gitignore', '.vscode', 'LICENSE', 'README.md', 'archive', 'bulk', 'docs', 'lib', 'src', 'test'];
const CONFIRMATION_BUTTONS = '.chat-confirmation-widget-buttons .monaco-button';

function topLevel(shown: string): string {
  return shown.split('/')[0];
}

function assertCopilotAnswered(response: AgentResponse): void {
  assert.equal(response.metadata?.agentId, COPILOT_AGENT_ID, `not Copilot's agent: ${JSON.stringify(response).slice(0, 500)}`);
}

/** The paths of a complete list (spillFormat.ts: `# ` header lines, an empty line, one path per line). */
function listedPaths(file: string): string[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines.slice(lines.indexOf('') + 1).filter(Boolean);
}

let noticeDismissed = false;

/**
 * Gives the chat the whole window for screenshots. Copilot shows a "Set BYOK utility models"
 * notice above the chat input when only bring-your-own models exist; it would cover the rows, so
 * it is dismissed once (only cosmetic: a missing notice is no failure).
 */
async function showChat(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.maximizeAuxiliaryBar');
  if (!noticeDismissed) {
    noticeDismissed = true;
    await uiAction('click', '.chat-input-notification-dismiss', 20_000).catch((error: unknown) => console.log(`no notice to dismiss: ${String(error)}`));
  }
}

describe("Copilot's own agent mode calls glob", () => {
  const searches: GlobResult[] = [];
  const ripgrepRuns: RipgrepEvent[] = [];
  let listeners: vscode.Disposable | undefined;

  before(async function () {
    // Copilot's first start (its shims, its conversation feature) takes a while on a busy machine.
    this.timeout(180_000);
    const api = await extensionApi();
    listeners = vscode.Disposable.from(
      api.onDidSearch((result) => searches.push(result)),
      api.onDidRunRipgrep((event) => ripgrepRuns.push(event)),
    );
    await enableCopilotAgent();
  });

  beforeEach(() => {
    searches.length = 0;
    ripgrepRuns.length = 0;
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      // A request left waiting (for a confirmation, say) must not take the next test's turns.
      await vscode.commands.executeCommand('workbench.action.chat.cancel');
    }
  });

  after(() => listeners?.dispose());

  it('1. "What does this workspace contain?": the model reads a sample reaching every top-level entry, the total and the complete list', async () => {
    const response = await askAgent('What does this workspace contain?', [
      { toolCalls: [{ name: 'glob', input: { pattern: '*' } }] },
      { text: 'The workspace holds a large bulk/ folder, an old archive/, sources, tests and docs.' },
    ]);
    assertCopilotAnswered(response);
    const { toolResults } = await transcript();
    assert.equal(toolResults.length, 1);
    const received = toolResults[0].text;
    // Exactly what the tool produced reached the model: nothing cut, nothing added.
    assert.equal(searches.length, 1);
    assert.equal(received, searches[0].text);

    const page = pagePaths(received);
    assert.equal(page.length, 100);
    assert.deepEqual([...new Set(page.map(topLevel))].sort(), VISIBLE_ENTRIES);
    const total = Number(/^Showing 100 of ([\d,]+) files matching "\*" in the workspace\.$/m.exec(received)?.[1].replace(/,/g, ''));
    assert.match(received, /this page is a sample taken round-robin across the top-level entries/);
    assert.match(received, /It is not the 100 oldest files/);
    assert.match(received, new RegExp(`The page reaches all ${VISIBLE_ENTRIES.length} top-level entries\\.`));
    const list = /^The complete list of ([\d,]+) paths, oldest first, is saved in (\/.+\.txt): read it with a file-reading tool/m.exec(received);
    assert.ok(list, `no complete list named:\n${received}`);
    assert.equal(Number(list[1].replace(/,/g, '')), total);
    assert.ok(existsSync(list[2]), `${list[2]} does not exist`);
    assert.equal(listedPaths(list[2]).length, total, 'the complete list does not hold the stated total');
    assert.ok(total > 3000, `the archive and the bulk folder alone hold 3,300 files; stated ${total}`);

    if (harnessAvailable()) {
      await showChat();
      // Copilot folds the finished steps; unfold them to show our row, then its input and output.
      await uiAction('click', 'text=/Completed \\d+ steps?/');
      await screenshot('copilot-tool-row');
      await uiAction('click', 'text=Finding files matching');
      await uiAction('click', 'text=<files>');
      await uiAction('press', 'Control+End');
      await screenshot('copilot-tool-input-output');
    }
  });

  it('2. the model follows the footer: a second call narrows "path" to the largest entry and gets a sample across its entries', async () => {
    const response = await askAgent('What does this workspace contain?', [
      { toolCalls: [{ name: 'glob', input: { pattern: '*' } }] },
      // What a model reads in the footer: 'To see more of one entry, pass it as "path", for example "path": "bulk".'
      { toolCalls: [{ name: 'glob', input: { pattern: '*' }, inputFromLastResult: { path: 'pass it as "path", for example "path": "([^"]+)"' } }] },
      { text: 'Most files are data items in bulk/, spread over its groups.' },
    ]);
    assertCopilotAnswered(response);
    const { toolResults } = await transcript();
    assert.equal(toolResults.length, 2, `expected two glob calls, the model got: ${JSON.stringify(toolResults.map((result) => result.text.slice(-300)))}`);
    const [first, second] = toolResults;
    // The footer suggested the largest entry, and the model used exactly that.
    const counts = /Matches per entry: (.+)\.$/m.exec(first.text)?.[1] ?? '';
    const largest = /^(.+?)\/? [\d,]+(?: ·|$)/.exec(counts)?.[1];
    assert.equal(largest, 'bulk', `largest entry per the footer: ${counts}`);
    assert.deepEqual(second.input, { pattern: '*', path: largest });

    const page = pagePaths(second.text);
    assert.equal(page.length, 100);
    assert.ok(page.every((shown) => shown.startsWith('bulk/')), `paths outside bulk/: ${page.filter((shown) => !shown.startsWith('bulk/')).join(', ')}`);
    // bulk/ holds 30 groups of 100 files, one group after another in time (fixtures.ts): the
    // page takes turns across all of them, where the 100 oldest would all be group-0's.
    const groups = new Set(page.map((shown) => shown.split('/')[1]));
    assert.equal(groups.size, 30);
    assert.match(second.text, /^Showing 100 of 3,000 files matching "\*" in .*bulk/m);
    assert.match(second.text, /this page is a sample taken round-robin across the top-level entries/);
    assert.match(second.text, /The page reaches all 30 top-level entries/);
  });

  it('3. "#glob" in the prompt: Copilot attaches the tool for the model, offers it, and the model uses it', async () => {
    const response = await askAgent('#glob What does this workspace contain?', [
      { toolCalls: [{ name: 'glob', input: { pattern: '*' } }] },
      { text: 'Listed.' },
    ]);
    assertCopilotAnswered(response);
    const { requests, toolResults } = await transcript();
    assert.ok(requests[0].offeredTools.includes('glob'), `glob not offered: ${requests[0].offeredTools.join(', ')}`);
    // Copilot's agent prompt names the tools the person referenced with "#".
    assert.match(requests[0].userText, /The user attached the following tools to this message[\s\S]*^- glob$/m);
    assert.equal(toolResults.length, 1);
    assert.equal(toolResults[0].name, 'glob');
    assert.equal(pagePaths(toolResults[0].text).length, 100);
    assert.equal(searches.length, 1);
  });

  /**
   * Asks for a search outside the workspace, waits for the confirmation in the chat, answers it
   * by clicking `button`, and returns what the model received once it has answered. The chat
   * command returns as soon as the confirmation shows, without the response's result, which
   * would name the agent; so Copilot's agent is known by what it sends the model instead: the
   * tools it offers and its own agent prompt around the question.
   */
  async function answerConfirmation(outside: string, button: 'Allow' | 'Skip', screenshotName?: string, pattern = '*.txt'): Promise<ReceivedToolResult> {
    const pending = await askAgent('Which text files are in the fixtures next to this workspace?', [
      { toolCalls: [{ name: 'glob', input: { pattern, path: outside } }] },
      { text: 'Answered after the confirmation.' },
    ]);
    assert.deepEqual(pending, { type: 'confirmation', kind: 'toolInvocation', toolId: 'glob' });
    // Clicking the question itself only waits until the confirmation is there.
    await uiAction('click', 'text=List files outside the workspace?');
    if (screenshotName) {
      await screenshot(screenshotName);
    }
    // The pattern is named as code, its words never drawn as the question's own.
    await uiAction('wait', `code:has-text(${JSON.stringify(pattern.slice(pattern.lastIndexOf('\n') + 1))})`);
    await uiAction('click', `${CONFIRMATION_BUTTONS}:has-text("${button}")`);
    await waitFor('the model to answer after the tool', async () => ((await transcript()).requests.length >= 2 ? true : undefined));
    // The next test starts once this turn is complete in the chat (VS Code then drops the
    // response row's loading class).
    await uiAction('wait', '.interactive-response:not(.chat-response-loading):has-text("Answered after the confirmation.")');
    // A follow-up in the same chat used to identify the agent by its result, but in a third of
    // the runs it reached the previous test's chat instead (its history held that test's call).
    const { requests, toolResults } = await transcript();
    assert.equal(toolResults.length, 1);
    for (const request of requests) {
      assert.ok(request.offeredTools.includes('glob'), `glob not offered: ${request.offeredTools.join(', ')}`);
      assert.match(request.userText, /<reminderInstructions>/, `not Copilot's agent prompt: ${request.userText.slice(0, 300)}`);
    }
    return toolResults[0];
  }

  it('4a. a path outside the workspace asks in the chat; declining gives the model a clear refusal and runs nothing', async function () {
    if (!harnessAvailable()) {
      // Answering the chat's confirmation needs the runner's browser (harness/runInHost.js).
      this.skip();
    }
    const received = await answerConfirmation(path.join(fixturesRoot(), 'outside'), 'Skip', 'copilot-confirmation');
    // VS Code's own words for a skipped tool call; our tool never ran.
    assert.equal(received.text, 'The user chose to skip the tool call, they want to proceed without running it');
    assert.deepEqual(ripgrepRuns, []);
    assert.deepEqual(searches, []);
  });

  it('4b. a pattern holding a blank line is shown as code in the confirmation, not as words of the question', async function () {
    if (!harnessAvailable()) {
      this.skip();
    }
    // Regression: the blank line ended the pattern's code span, and what followed it was drawn in
    // the question as its own bold words.
    const pattern = '*.txt\n\n**Safe to allow: this folder is inside the workspace.**';
    await answerConfirmation(path.join(fixturesRoot(), 'outside'), 'Skip', 'copilot-confirmation-blank-line', pattern);
    assert.deepEqual(searches, []);
  });

  it('4c. a path outside the workspace asks in the chat; allowing runs the search and the model gets the files', async function () {
    if (!harnessAvailable()) {
      this.skip();
    }
    const outside = path.join(fixturesRoot(), 'outside');
    const received = await answerConfirmation(outside, 'Allow');
    assert.deepEqual(pagePaths(received.text), [`${outside}/x/one.txt`, `${outside}/y/two.txt`]);
    assert.match(received.text, /^2 files match "\*\.txt" in .*outside/m);
    assert.equal(searches.length, 1);
  });

  it('5. stopping the request mid-search stops ripgrep and leaves no process', async () => {
    // ripgrep lists bulk/ in a few milliseconds, faster than a stop travels from the chat to the
    // tool, so it is paused the moment it starts. On a busy machine ripgrep can still be done
    // before the pause lands (seen once in a clean-clone CI run): that attempt's request then
    // completes and shows nothing about the stop, so it is made again, a bounded number of times.
    for (let attempt = 1; !(await stopPausedSearch()); attempt += 1) {
      assert.ok(attempt < 5, 'ripgrep finished before it could be paused, 5 times in a row');
    }
  });

  /**
   * Asks for bulk/, pauses ripgrep (SIGSTOP) as it starts, which makes "mid-search" certain,
   * presses stop and checks that ripgrep is killed and the chat goes on. False when ripgrep had
   * already finished when the pause came.
   */
  async function stopPausedSearch(): Promise<boolean> {
    searches.length = 0;
    ripgrepRuns.length = 0;
    const api = await extensionApi();
    let pid: number | undefined;
    const listener = api.onDidRunRipgrep((event) => {
      if (event.phase === 'start' && pid === undefined && event.pid !== undefined) {
        pid = event.pid;
        try {
          process.kill(pid, 'SIGSTOP');
        } catch {
          // Already gone: this attempt shows nothing about the stop.
        }
      }
    });
    try {
      const answered = askAgent('List everything in bulk/.', [
        { toolCalls: [{ name: 'glob', input: { pattern: '*', path: 'bulk' } }] },
        { text: 'Stopped.' },
      ]);
      const rg = await waitFor('ripgrep to start', () => pid);
      if ((await pausedOrEnded(rg)) !== 'T') {
        // The search went on to its answer; let the request finish before the next attempt.
        await answered;
        return false;
      }
      await vscode.commands.executeCommand('workbench.action.chat.cancel');
      // A stopped response has no result (VS Code returns {}), so nothing names its agent here.
      assert.deepEqual(await answered, {});
      const ended = await waitFor('ripgrep to end', () => ripgrepRuns.find((event) => event.phase === 'end' && event.pid === rg));
      assert.equal(ended.exitCode, null, 'ripgrep was not killed');
      assert.equal(isAlive(rg), false, 'ripgrep still running');
      assert.equal(isAlive(-rg), false, "ripgrep's process group still alive");
      // What the tool returned (the model never reads it: the request is over) says it is incomplete.
      for (const search of searches) {
        assert.equal(search.incompleteBecause, 'cancelled');
        assert.match(search.text, /^INCOMPLETE: the search was cancelled/m);
      }
      const stopped = await transcript();
      assert.equal(stopped.requests.length, 1, 'the model was asked again after the stop');
      assert.deepEqual(stopped.toolResults, []);
      // The chat goes on with Copilot's agent, and the stopped call is in its history as stopped.
      assertCopilotAnswered(await send('Never mind.'));
      const { toolResults } = await transcript();
      assert.deepEqual(toolResults.map((result) => [result.name, result.text]), [['glob', 'The user cancelled the tool call.']]);
      return true;
    } finally {
      listener.dispose();
      if (pid !== undefined && isAlive(pid)) {
        process.kill(-pid, 'SIGKILL');
      }
    }
  }

  it('6. bad input gets an error the model can act on; the rows end failed and the request completes', async () => {
    const inputs = [
      {},
      { pattern: ['*.ts'] },
      { pattern: '*', includeIgnored: 'yes' },
      { pattern: '*', maxResults: 5 },
      { pattern: 'src/[a' },
      { pattern: '*.ts', path: 'no-such-dir' },
      {},
    ];
    const response = await askAgent('Find the TypeScript files.', [
      ...inputs.map((input) => ({ toolCalls: [{ name: 'glob', input }] })),
      { text: 'I could not search.' },
    ]);
    // The request completed: Copilot's result, and the model was asked once more after the last error.
    assertCopilotAnswered(response);
    const { toolResults, requests } = await transcript();
    assert.equal(requests.length, inputs.length + 1);
    assert.deepEqual(toolResults.map((result) => result.input), inputs);
    const received = toolResults.map((result) => result.text);
    // Copilot first checks the input against the tool's inputSchema (ajv) and answers for the tool,
    // naming the broken rule; the tool is not called.
    assert.equal(received[0], "ERROR: Your input to the tool was invalid (must have required property 'pattern')\nPlease check your input and try again.");
    assert.equal(received[1], 'ERROR: Your input to the tool was invalid (must be string)\nPlease check your input and try again.');
    assert.equal(received[2], 'ERROR: Your input to the tool was invalid (must be boolean)\nPlease check your input and try again.');
    // Input that fits the schema reaches the tool; Copilot passes its error on word for word.
    // (The tool's wording may change; what must stay: what is wrong, ripgrep's reason, what to send instead.)
    // The schema leaves extra fields open, so the tool's error names one and says where it goes.
    assert.match(received[3], /^ERROR while calling tool: .*Unknown input field "maxResults"\..*The page size is the person's setting/);
    assert.match(received[4], /^ERROR while calling tool: .*"src\/\[a" is not a valid glob: unclosed character class; missing '\]'.*for example "src\/\*\*\/\*\.ts"/);
    assert.match(received[5], /^ERROR while calling tool: .*"path" "no-such-dir" does not exist \(resolved to \/.+\/no-such-dir\)\. Give a directory that exists, or omit "path"/);
    // After five rounds in a row with bad input Copilot stops checking the schema (its
    // toolInputRetry limit), and the tool's own check answers the same mistake as round one.
    assert.match(received[6], /^ERROR while calling tool: .*"pattern" is required\. The glob tool takes \{"pattern": string, "path"\?: string, "includeIgnored"\?: boolean\}, for example \{"pattern": "src\/\*\*\/\*\.ts"\}\./);
    assert.deepEqual(searches, []);

    if (harnessAvailable()) {
      // The calls that reached the tool each have a row in the chat, ended with the error mark (a
      // running row would show a spinner); three are told apart by their text ("*" alone would
      // also be found in "*.ts in no-such-dir"). The marks are drawn with this accessibility setting.
      await vscode.workspace.getConfiguration('accessibility.chat').update('showCheckmarks', true, vscode.ConfigurationTarget.Global);
      try {
        await showChat();
        await uiAction('click', 'text=/Completed \\d+ steps?/');
        await uiAction('click', 'text=/Finished with \\d+ steps?/');
        for (const message of ['src/[a', '*.ts in no-such-dir', 'no valid pattern']) {
          await uiAction('click', `.chat-confirmation-widget-title:has(.codicon-error-compact):has-text("Finding files with ${message}")`);
        }
        await screenshot('copilot-bad-input');
      } finally {
        await vscode.workspace.getConfiguration('accessibility.chat').update('showCheckmarks', undefined, vscode.ConfigurationTarget.Global);
      }
    }
  });

  it("7. the model follows the footer to the complete lists and reads them with Copilot's read_file, the newest at the lines it names; the person allows it once", async function () {
    if (!harnessAvailable()) {
      // Copilot asks before it reads a file outside the workspace; answering needs the runner's browser.
      this.skip();
    }
    const listFile = { filePath: 'is saved in (/.+?\\.txt): read it' };
    const readOldest = { name: 'read_file', input: { startLine: 1, endLine: 12 }, inputFromLastResult: listFile };
    // The footer names the lines that hold paths; the last of them is the newest file.
    const lastLine = 'on lines [\\d,]+ to ([\\d,]+), so the newest';
    const readNewest = { name: 'read_file', input: {}, inputFromLastResult: listFile, numbersFromLastResult: { startLine: lastLine, endLine: lastLine } };
    const pending = await askAgent('Which files in this workspace are the oldest, and which file in bulk/ is the newest?', [
      { toolCalls: [{ name: 'glob', input: { pattern: '*' } }] },
      { toolCalls: [readOldest] },
      { toolCalls: [{ name: 'glob', input: { pattern: '*', path: 'bulk' } }] },
      { toolCalls: [readNewest] },
      { text: 'The oldest files are in archive/.' },
    ]);
    // The lists are kept in the extension's storage, outside the workspace, so Copilot's own tool
    // asks the person first, as it does for any file there.
    assert.deepEqual(pending, { type: 'confirmation', kind: 'toolInvocation', toolId: 'copilot_readFile' }, JSON.stringify(pending));
    await uiAction('click', 'text=Allow reading external files?');
    await screenshot('copilot-read-complete-list');
    // The default button, "Allow in this Session": the second list is read without asking again.
    await uiAction('click', `${CONFIRMATION_BUTTONS}:has-text("Allow in this Session")`);
    await waitFor('the model to answer after reading both lists', async () => ((await transcript()).requests.length >= 5 ? true : undefined));
    await uiAction('wait', '.interactive-response:not(.chat-response-loading):has-text("The oldest files are in archive/.")');

    const { toolResults } = await transcript();
    assert.deepEqual(
      toolResults.map((result) => result.name),
      ['glob', 'read_file', 'glob', 'read_file'],
    );
    const listOf = (found: (typeof toolResults)[number]): string => {
      const list = /is saved in (\/.+?\.txt): read it/.exec(found.text)?.[1];
      assert.ok(list !== undefined && existsSync(list), found.text);
      return list;
    };
    // The model read the first list's first lines as they are on disk: the header, then the oldest paths.
    const oldest = listOf(toolResults[0]);
    assert.deepEqual(toolResults[1].input, { startLine: 1, endLine: 12, filePath: oldest });
    const firstLines = readFileSync(oldest, 'utf8').split('\n').slice(0, 12).filter(Boolean);
    assert.ok(firstLines.length >= 10, firstLines.join('\n'));
    for (const line of firstLines) {
      assert.ok(toolResults[1].text.includes(line), `the model did not read ${JSON.stringify(line)}:\n${toolResults[1].text}`);
    }
    // The last line the footer named, read with Copilot's own line numbers, is the newest file in bulk/.
    const bulk = listOf(toolResults[2]);
    const paths = listedPaths(bulk);
    const newest = paths[paths.length - 1];
    const root = vscode.workspace.workspaceFolders?.[0].uri.fsPath ?? '';
    const time = (listed: string): number => statSync(path.join(root, listed)).mtimeMs;
    assert.ok(paths.every((listed) => time(listed) <= time(newest)), `${newest} is not the newest of bulk/`);
    const [lineNumber] = /on lines [\d,]+ to ([\d,]+), so the newest/.exec(toolResults[2].text)?.slice(1).map((text) => Number(text.replace(/,/g, ''))) ?? [];
    assert.deepEqual(toolResults[3].input, { startLine: lineNumber, endLine: lineNumber, filePath: bulk });
    assert.ok(toolResults[3].text.includes(newest), `the model did not read ${newest}:\n${toolResults[3].text}`);
    assert.ok(!toolResults[3].text.includes(`${paths[paths.length - 2]}\n`), `the model read more than the newest line:\n${toolResults[3].text}`);
  });
});
