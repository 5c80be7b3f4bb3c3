import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { GLOB_INPUT_FIELDS } from '../../../src/core/request/input';
import { VSCODE_DEFAULT_RULES } from '../../../src/core/vscodeDefaults';
import { MAX_SEARCH_THREADS } from '../../../src/core/worker/searchThreads';
import { excludeRules } from '../../../src/vscode/excludes';
import { GlobService } from '../../../src/vscode/globService';
import { LastList } from '../../../src/vscode/lastList';
import { extensionApi, invokeGlob, isAlive, pagePaths, pausedOrEnded, pauseFirstRipgrep, waitFor, workspaceFolder } from '../hostHelpers';

describe('the glob tool in a real VS Code extension host', () => {
  before(async () => {
    await extensionApi();
  });

  it('is listed in vscode.lm.tools with the input schema of the manifest', () => {
    const tool = vscode.lm.tools.find((candidate) => candidate.name === 'glob');
    assert.ok(tool, 'glob is not registered');
    const schema = tool.inputSchema as { properties: Record<string, { type: string }>; required: string[] };
    assert.deepEqual(Object.keys(schema.properties), Object.keys(GLOB_INPUT_FIELDS));
    assert.deepEqual(schema.required, ['pattern']);
    assert.match(tool.description, /round-robin SAMPLE across the top-level entries/);
  });

  it('returns the sampled page and the footer for "*" on a workspace dominated by an old archive', async () => {
    const text = await invokeGlob({ pattern: '*' });
    const paths = pagePaths(text);
    assert.equal(paths.length, 100);
    const entries = new Set(paths.map((shown) => shown.split('/')[0]));
    for (const entry of ['archive', 'src', 'test', 'docs', 'bulk', 'README.md', 'LICENSE', 'lib', '.gitignore', '.vscode']) {
      assert.ok(entries.has(entry), `${entry} missing from the page: ${[...entries].join(', ')}`);
    }
    assert.match(text, /Showing 100 of 3,34\d files matching "\*" in the workspace\./);
    assert.match(text, /It is not the 100 oldest files/);
    assert.match(text, /Matches per entry: bulk\/ 3,000 · archive\/ 300 · src\/ 20 · test\/ 10/);
    const list = /is saved in (.+glob-[^:]+\.txt):/.exec(text)?.[1];
    assert.ok(list && existsSync(list), `complete list not saved: ${text}`);
  });

  it('shrinks the page to fit a token budget, keeping the footer and the complete list', async () => {
    const budget = 600;
    const countTokens = async (text: string): Promise<number> => Math.ceil(text.length / 4);
    const result = await vscode.lm.invokeTool('glob', {
      input: { pattern: '*' },
      toolInvocationToken: undefined,
      tokenizationOptions: { tokenBudget: budget, countTokens },
    });
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    assert.ok((await countTokens(text)) <= budget, `over budget: ${text.length} characters`);
    const paths = pagePaths(text);
    assert.ok(paths.length > 0 && paths.length < 100, `${paths.length} paths`);
    assert.match(text, new RegExp(`Showing ${paths.length} of 3,34\\d files`));
    assert.match(text, /The complete list of 3,34\d paths, oldest first, is saved in /);
  });

  it('honours files.exclude, search.exclude (with a sibling clause) and .gitignore; includeIgnored lifts them', async () => {
    const honoured = pagePaths(await invokeGlob({ pattern: '{lib,generated,ignored,node_modules}/**' }));
    assert.deepEqual(honoured.sort(), ['lib/a.ts', 'lib/b.js']);
    assert.match(await invokeGlob({ pattern: '*.tmp' }), /^No files match "\*\.tmp" in the workspace\.[\s\S]*files\.exclude and search\.exclude settings/);
    const lifted = pagePaths(await invokeGlob({ pattern: '{lib,generated,ignored,node_modules}/**', includeIgnored: true }));
    assert.deepEqual(lifted.sort(), ['generated/out-1.ts', 'generated/out-2.ts', 'ignored/secret.ts', 'lib/a.js', 'lib/a.ts', 'lib/b.js', 'node_modules/dep/index.ts']);
    assert.deepEqual(pagePaths(await invokeGlob({ pattern: '*.tmp', includeIgnored: true })), ['notes.tmp']);
  });

  it('reads a setting of the wrong type as its default, not as its lowest bound', async () => {
    // Regression: "workspaceGlob.maxResults": "8" (a string in settings.json) gave pages of 1.
    const settings = vscode.workspace.getConfiguration('workspaceGlob');
    await settings.update('maxResults', '8', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(pagePaths(await invokeGlob({ pattern: '*' })).length, 100);
    } finally {
      await settings.update('maxResults', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('passes over a ripgrepPath setting that names no ripgrep, and searches with VS Code s own', async () => {
    // Regression: /bin/true (exit 0, no output) answered "No files match" with advice that the
    // files were nowhere; a missing path was passed over without a word.
    const settings = vscode.workspace.getConfiguration('workspaceGlob');
    for (const wrong of ['/bin/true', '/no/such/rg']) {
      await settings.update('ripgrepPath', wrong, vscode.ConfigurationTarget.Global);
      try {
        assert.match(await invokeGlob({ pattern: '*' }), /Showing 100 of 3,34\d files/, wrong);
      } finally {
        await settings.update('ripgrepPath', undefined, vscode.ConfigurationTarget.Global);
      }
    }
  });

  it("falls back on the search defaults this VS Code registers, the ones the command line uses", () => {
    const search = vscode.workspace.getConfiguration('search');
    const files = vscode.workspace.getConfiguration('files');
    const defaultOf = <T>(section: vscode.WorkspaceConfiguration, key: string): T | undefined => section.inspect<T>(key)?.defaultValue;
    assert.equal(defaultOf<boolean>(search, 'useIgnoreFiles'), VSCODE_DEFAULT_RULES.useIgnoreFiles);
    assert.equal(defaultOf<boolean>(search, 'useParentIgnoreFiles'), VSCODE_DEFAULT_RULES.useParentIgnoreFiles);
    assert.equal(defaultOf<boolean>(search, 'useGlobalIgnoreFiles'), VSCODE_DEFAULT_RULES.useGlobalIgnoreFiles);
    assert.equal(defaultOf<boolean>(search, 'followSymlinks'), VSCODE_DEFAULT_RULES.followSymlinks);
    const registered = excludeRules(defaultOf(files, 'exclude'), defaultOf(search, 'exclude'));
    // A browser build (this host is code-server) also hides the swap files of its file system
    // access; desktop VS Code does not register that one.
    const desktop = registered.excludeGlobs.filter((glob) => glob !== '**/*.crswap');
    assert.deepEqual([...desktop].sort(), [...VSCODE_DEFAULT_RULES.excludeGlobs].sort());
    assert.deepEqual(registered.conditionalExcludes, VSCODE_DEFAULT_RULES.conditionalExcludes);
  });

  it('stops ripgrep when the search is cancelled mid-way, leaving no process behind', async () => {
    // ripgrep lists bulk/ in milliseconds, and its start reaches this thread from the search's
    // own thread: on a busy machine ripgrep can be done before it is paused. Such an attempt
    // shows nothing about the kill, so it is made again, a bounded number of times.
    for (let attempt = 1; !(await cancelPausedRipgrep()); attempt += 1) {
      assert.ok(attempt < 5, 'ripgrep finished before it could be paused, 5 times in a row');
    }
  });

  /**
   * Pauses ripgrep (SIGSTOP) as it starts, which makes "mid-way" certain, then cancels the
   * search and checks that ripgrep is killed and nothing is left. False when ripgrep had
   * already finished when the pause came.
   */
  async function cancelPausedRipgrep(): Promise<boolean> {
    const api = await extensionApi();
    const source = new vscode.CancellationTokenSource();
    let pid: number | undefined;
    let exitCode: number | null | undefined;
    const listener = api.onDidRunRipgrep((event) => {
      if (event.phase === 'start' && pid === undefined && event.pid !== undefined) {
        pid = event.pid;
        process.kill(pid, 'SIGSTOP');
      } else if (event.phase === 'end' && event.pid === pid) {
        exitCode = event.exitCode;
      }
    });
    try {
      const outcome = invokeGlob({ pattern: '*', path: 'bulk' }, source.token).then(
        (text) => ({ text }),
        (error: unknown) => ({ error }),
      );
      const rg = await waitFor('ripgrep to start', () => pid);
      if ((await pausedOrEnded(rg)) !== 'T') {
        await outcome;
        return false;
      }
      source.cancel();
      const settled = await outcome;
      if ('text' in settled) {
        assert.match(settled.text, /INCOMPLETE: the search was cancelled/);
      } else {
        assert.match(String(settled.error), /Cancel/i);
      }
      // VS Code rejects a cancelled invokeTool at once; the tool reaps ripgrep just after.
      await waitFor('ripgrep to be reaped', () => (exitCode !== undefined ? true : undefined));
      assert.equal(exitCode, null, 'ripgrep was not killed');
      assert.equal(isAlive(rg), false, 'ripgrep still running');
      assert.equal(isAlive(-rg), false, 'ripgrep process group still alive');
      return true;
    } finally {
      listener.dispose();
      source.dispose();
      endLeftOver(pid);
    }
  }

  /** Ends a ripgrep a failed attempt left paused, with its process group. */
  function endLeftOver(pid: number | undefined): void {
    if (pid !== undefined && isAlive(pid)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Only its zombie was left: nothing to end.
      }
    }
  }

  it('stops ripgrep when the service is disposed mid-search (the extension deactivated), leaving no process behind', async () => {
    // Regression: dispose ended the service's events only, and a search still walking kept its
    // ripgrep running for no one. As above, an attempt where ripgrep ended first is made again.
    for (let attempt = 1; !(await disposeWithPausedRipgrep()); attempt += 1) {
      assert.ok(attempt < 5, 'ripgrep finished before it could be paused, 5 times in a row');
    }
  });

  it('stops a search the service is asked for as it is disposed, before the search has found ripgrep', async () => {
    // Regression: a search still finding ripgrep and its folders when dispose ran registered its
    // stop after, so nothing stopped it.
    const own = ownService();
    try {
      const outcome = own.service.find({ pattern: '*', path: 'bulk' });
      own.service.dispose();
      assert.equal((await outcome).incompleteBecause, 'cancelled');
    } finally {
      own.dispose();
    }
  });

  /** A service of its own, with its own storage, log and memory for the last list. */
  function ownService(): { readonly service: GlobService; dispose(): void } {
    const storage = mkdtempSync(path.join(os.tmpdir(), 'workspace-glob-host-'));
    const log = vscode.window.createOutputChannel('Workspace Glob (own service)', { log: true });
    const values = new Map<string, unknown>();
    const memento = { get: <T>(key: string): T | undefined => values.get(key) as T | undefined, update: (key: string, value: unknown) => Promise.resolve(void values.set(key, value)) };
    const service = new GlobService(vscode.Uri.file(storage), log, new LastList(memento, storage));
    return {
      service,
      dispose: () => {
        service.dispose();
        log.dispose();
        rmSync(storage, { recursive: true, force: true });
      },
    };
  }

  /** A service of its own, disposed while its search's ripgrep is paused; false when ripgrep had finished first. */
  async function disposeWithPausedRipgrep(): Promise<boolean> {
    const own = ownService();
    const { service } = own;
    const paused = pauseFirstRipgrep(service.onDidRunRipgrep);
    try {
      const outcome = service.find({ pattern: '*', path: 'bulk' }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      const rg = await waitFor('ripgrep to start', paused.pid);
      if ((await pausedOrEnded(rg)) !== 'T') {
        await outcome;
        return false;
      }
      service.dispose();
      const settled = await outcome;
      assert.ok('result' in settled, String('error' in settled ? settled.error : ''));
      assert.equal(settled.result.incompleteBecause, 'cancelled');
      await waitFor('ripgrep to be reaped', () => (isAlive(rg) ? undefined : true));
      assert.equal(isAlive(-rg), false, 'ripgrep process group still alive');
      return true;
    } finally {
      paused.dispose();
      endLeftOver(paused.pid());
      own.dispose();
    }
  }

  it('answers two hundred calls at once, each whole, with a bounded number of searches running and no ripgrep left', async () => {
    const api = await extensionApi();
    let running = 0;
    let most = 0;
    const pids = new Set<number>();
    const listener = api.onDidRunRipgrep((event) => {
      if (event.phase === 'start') {
        running += 1;
        most = Math.max(most, running);
        pids.add(event.pid ?? 0);
      } else {
        running -= 1;
      }
    });
    try {
      const pages = (await Promise.all(Array.from({ length: 200 }, () => invokeGlob({ pattern: '*.ts', path: 'src' })))).map(pagePaths);
      assert.equal(pages[0].length, 20);
      assert.ok(pages.every((page) => JSON.stringify(page) === JSON.stringify(pages[0])), 'the answers differ');
      await waitFor('every ripgrep to end', () => (running === 0 && pids.size === 200 ? true : undefined));
    } finally {
      listener.dispose();
    }
    assert.ok(most <= MAX_SEARCH_THREADS, `${most} searches ran at once; the bound is ${MAX_SEARCH_THREADS}`);
    assert.deepEqual([...pids].filter((pid) => isAlive(pid)), []);
  });

  it('throws errors a model can act on', async () => {
    const failure = (input: object): Promise<string> => invokeGlob(input).then(() => 'no error', (error: unknown) => (error as Error).message);
    assert.match(await failure({ pattern: '' }), /"pattern" is empty/);
    assert.match(await failure({ pattern: 'src/[a' }), /not a valid glob: unclosed character class; missing '\]'/);
    assert.match(await failure({ pattern: '*', path: 'no-such-dir' }), /does not exist/);
    assert.match(await failure({ pattern: 7 }), /"pattern" must be a string/);
  });

  it('reports each ripgrep run (for the log): command line with --no-config, working directory', async () => {
    const api = await extensionApi();
    const events: Array<{ phase: string; cwd: string; command: readonly string[] }> = [];
    const listener = api.onDidRunRipgrep((event) => events.push(event));
    try {
      await invokeGlob({ pattern: '*.md' });
    } finally {
      listener.dispose();
    }
    await waitFor('the end event', () => (events.some((event) => event.phase === 'end') ? true : undefined));
    assert.equal(events[0].cwd, workspaceFolder());
    assert.ok(events[0].command.includes('--no-config'));
    assert.ok(readFileSync(events[0].command[0]).length > 0, 'ripgrep binary not readable');
  });
});
