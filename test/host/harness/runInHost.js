#!/usr/bin/env node
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS script, runs without a build step */
// Runs extension tests inside a REAL VS Code extension host: code-server (VS Code server + web
// workbench, installed by provision.sh) with the workbench shown in headless Debian Chromium through
// playwright-core. The workbench is opened with the `payload` query parameter VS Code's own web smoke
// tests use (extensionDevelopmentPath, extensionTestsPath); a built workbench only honours it when
// the server runs with `--vscode-option enable-smoke-test-driver`. When the test module's run()
// settles, the workbench calls window.codeAutomationExit(code); that code is our exit code.
//
// Usage:
//   node test/host/harness/runInHost.js --ext <dir> [--ext <helper ext dir>...] --tests <index.js>
//        (--folder <dir> | --workspace <file.code-workspace>) [--settings <settings.json>]
//        [--timeout <seconds, default 180>] [--screenshot-dir <dir>] [--keep-tmp] [--verbose]
//   The first --ext is the extension under development (extensionDevelopmentPath). Further --ext
//   folders are test-only helper extensions, loaded as installed extensions (see installHelperExtensions).
//   Exit code: the tests' result (0 pass, non-zero fail); 124 when run() has not settled --timeout
//   seconds after the workbench opened; 130 on SIGINT/SIGTERM/SIGHUP; 2 on bad usage.
//
// Harness protocol (how a test inside the extension host talks to this runner; helpers.ts is the
// test side). The extension host's console reaches this runner through window.codeAutomationLog, so:
//   1. The test prints ONE console line:  [workspace-glob-harness] <id> <kind> <arg>
//        <id>   unique per request, [A-Za-z0-9_.-]+
//        <kind> screenshot <name>   page.screenshot into <screenshot-dir>/<name>.png
//               click <selector>    click the first visible match of a Playwright selector (CSS by default),
//                                   outside aria-live regions
//               wait <selector>     wait until a match of the selector is visible, outside aria-live
//                                   regions, without touching it
//               press <key>         page.keyboard.press(key), e.g. Enter, Escape, Control+Enter
//               type <text>         page.keyboard.type(text)
//   2. The runner performs requests one at a time, in arrival order, then writes into the directory
//      named by the environment variable WORKSPACE_GLOB_HARNESS_DIR (set for the extension host):
//        <id>.done     on success (for a screenshot: the .png path)
//        <id>.failed   on failure (the error message)
//      Each reply file appears atomically (written under another name, then renamed).
//   3. The test polls for one of the two files.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const net = require('net');
const os = require('os');
const path = require('path');
const util = require('util');

const PROJECT = path.resolve(__dirname, '../../..');
const ROOT = process.env.VSCODE_TEST_ROOT ? path.resolve(process.env.VSCODE_TEST_ROOT) : path.join(PROJECT, '.vscode-test');
const MARKER = '[workspace-glob-harness]';
const HARNESS_DIR_ENV = 'WORKSPACE_GLOB_HARNESS_DIR';
// Unix socket paths are limited to 107 bytes; VS Code's longest socket name is ~53 characters.
const MAX_SOCKET_DIR_LENGTH = 50;
// Known noise of an offline workbench without a GitHub sign-in; --verbose shows it anyway.
const NOISE = /No signed-in session|ChatModelSelection|AgentHost|Creating a socket|connection token|GitHub login failed|BYOK|open-vsx\.org|authentication provider 'github'|AccountPolicyGate|reconnection-grace-time/;

const t0 = Date.now();
const log = (...args) => console.log(`[harness ${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...args);

// ---------------------------------------------------------------------------------------------
// Command line

function usage(message) {
  console.error(`runInHost: ${message}\n` +
    'usage: runInHost.js --ext <dir> [--ext <dir>...] --tests <index.js> (--folder <dir> | --workspace <file>)\n' +
    '       [--settings <json>] [--timeout <s>] [--screenshot-dir <dir>] [--keep-tmp] [--verbose]');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { exts: [], timeoutS: 180, keepTmp: false, verbose: !!process.env.VERBOSE };
  const takesValue = new Set(['ext', 'tests', 'folder', 'workspace', 'settings', 'timeout', 'screenshot-dir']);
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (name === 'keep-tmp') { opts.keepTmp = true; continue; }
    if (name === 'verbose') { opts.verbose = true; continue; }
    if (!takesValue.has(name) || !argv[i].startsWith('--')) { usage(`unknown argument ${argv[i]}`); }
    const value = argv[++i];
    if (value === undefined) { usage(`--${name} needs a value`); }
    if (name === 'ext') { opts.exts.push(path.resolve(value)); }
    else if (name === 'timeout') { opts.timeoutS = Number(value); }
    else { opts[name.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = path.resolve(value); }
  }
  if (opts.exts.length === 0) { usage('missing --ext'); }
  if (!opts.tests) { usage('missing --tests'); }
  if (!!opts.folder === !!opts.workspace) { usage('give exactly one of --folder and --workspace'); }
  if (!(opts.timeoutS > 0)) { usage('--timeout must be a positive number of seconds'); }
  for (const p of [...opts.exts, opts.tests, opts.folder || opts.workspace, opts.settings].filter(Boolean)) {
    if (!fs.existsSync(p)) { usage(`no such file or directory: ${p}`); }
  }
  opts.screenshotDir = opts.screenshotDir || path.join(ROOT, 'screenshots');
  return opts;
}

// ---------------------------------------------------------------------------------------------
// What provision.sh installed

function locateInstall() {
  const install = {
    node: path.join(ROOT, 'node24', 'bin', 'node'),
    entry: path.join(ROOT, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    chromium: process.env.CHROMIUM || '/usr/bin/chromium',
  };
  for (const file of Object.values(install)) {
    if (!fs.existsSync(file)) {
      console.error(`runInHost: ${file} is missing; run test/host/harness/provision.sh first`);
      process.exit(2);
    }
  }
  return install;
}

function loadPlaywright() {
  // Resolve from the project (a devDependency), not from wherever this script is called.
  return require(require.resolve('playwright-core', { paths: [PROJECT] }));
}

// ---------------------------------------------------------------------------------------------
// Per-run directories: one fresh temp dir holds every bit of state, so runs never share a profile
// and nothing lands in the real $HOME or /tmp.

function makeRunDirs() {
  const parent = path.join(ROOT, 'tmp');
  fs.mkdirSync(parent, { recursive: true });
  const run = fs.mkdtempSync(path.join(parent, 'run-'));
  const dirs = { run };
  for (const name of ['home', 'tmp', 'xdg-config', 'xdg-data', 'xdg-cache', 'xdg-state', 'user-data', 'extensions', 'harness']) {
    dirs[name.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = path.join(run, name);
    fs.mkdirSync(path.join(run, name));
  }
  dirs.sockets = makeSocketDir(run);
  return dirs;
}

// VS Code and its git extension put sockets into XDG_RUNTIME_DIR, Chromium into TMPDIR. A deep
// checkout would make those paths too long to bind, so only then fall back to a short private dir
// under the system temp dir (removed at the end).
function makeSocketDir(run) {
  const inside = path.join(run, 'rt');
  const dir = inside.length <= MAX_SOCKET_DIR_LENGTH ? inside : fs.mkdtempSync(path.join(os.tmpdir(), 'wgh-'));
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700); // XDG_RUNTIME_DIR must be private
  return dir;
}

// The web workbench keeps its payload in a Map, so only ONE extensionDevelopmentPath survives
// (the last). Further --ext folders (test-only helpers such as a fake language model) are linked
// into the fresh extensions dir instead: on its first start the server registers every extension
// it finds there. They then load as ordinary installed extensions.
function installHelperExtensions(helperDirs, extensionsDir) {
  for (const dir of helperDirs) {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const folder = `${manifest.publisher}.${manifest.name}-${manifest.version}`.toLowerCase();
    fs.symlinkSync(dir, path.join(extensionsDir, folder), 'dir');
    log(`helper extension ${manifest.publisher}.${manifest.name} installed from ${dir}`);
  }
}

function writeUserSettings(dirs, settingsFile) {
  const defaults = {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
  };
  const extra = settingsFile ? JSON.parse(fs.readFileSync(settingsFile, 'utf8')) : {};
  const userDir = path.join(dirs.userData, 'User');
  fs.mkdirSync(userDir, { recursive: true });
  fs.writeFileSync(path.join(userDir, 'settings.json'), JSON.stringify({ ...defaults, ...extra }, null, 2));
}

// ---------------------------------------------------------------------------------------------
// code-server

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Inherited variables that would point the server at the VS Code this runner may be started from.
const FOREIGN_VSCODE_ENV = /^(ELECTRON_RUN_AS_NODE|VSCODE_(IPC_HOOK\w*|PID|CWD|NLS_CONFIG|AMD_ENTRYPOINT|ESM_ENTRYPOINT|HANDLES_\w+|CODE_CACHE_PATH|CRASH_REPORTER_\w+))$/;

function isolatedEnv(dirs) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !FOREIGN_VSCODE_ENV.test(key)));
  return {
    ...env,
    HOME: dirs.home, // the built-in Copilot Chat writes $HOME/.copilot; git reads ~/.gitconfig
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_DATA_HOME: dirs.xdgData,
    XDG_CACHE_HOME: dirs.xdgCache,
    XDG_STATE_HOME: dirs.xdgState,
    XDG_RUNTIME_DIR: dirs.sockets,
    [HARNESS_DIR_ENV]: dirs.harness,
  };
}

function startCodeServer(install, dirs, port) {
  const args = [install.entry,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--user-data-dir', dirs.userData,
    '--extensions-dir', dirs.extensions,
    '--session-socket', path.join(dirs.sockets, 'cs.sock'),
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--ignore-last-opened',
    '--vscode-option', 'enable-smoke-test-driver'];
  const logFd = fs.openSync(path.join(dirs.run, 'code-server.log'), 'w');
  // detached: its own process group, so the whole tree (server, extension host, pty host) can be
  // signalled at once at the end.
  const child = spawn(install.node, args, { cwd: dirs.home, env: isolatedEnv(dirs), stdio: ['ignore', logFd, logFd], detached: true });
  fs.closeSync(logFd);
  return child;
}

function waitForHealth(port, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null || child.signalCode) {
        return reject(new Error(`code-server exited early (${child.exitCode ?? child.signalCode})`));
      }
      http.get(`http://127.0.0.1:${port}/healthz`, (res) => { res.resume(); resolve(); })
        .on('error', () => (Date.now() > deadline ? reject(new Error('code-server did not come up')) : setTimeout(attempt, 200)));
    };
    attempt();
  });
}

async function stopProcessGroup(child) {
  const alive = () => { try { process.kill(-child.pid, 0); return true; } catch { return false; } };
  const waitGone = async (ms) => { const end = Date.now() + ms; while (alive() && Date.now() < end) { await sleep(100); } };
  if (!alive()) { return; }
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  await waitGone(5000);
  if (alive()) {
    log('code-server did not stop on SIGTERM; sending SIGKILL');
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    await waitGone(3000);
  }
}

// ---------------------------------------------------------------------------------------------
// Workbench

function workbenchUrl(port, opts) {
  const authority = `127.0.0.1:${port}`;
  const remote = (p) => `vscode-remote://${authority}${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(opts.exts[0])],
    ['extensionTestsPath', remote(opts.tests)],
    ['skipWelcome', 'true'],
  ];
  // The web workbench reads ?folder= or ?workspace= (an absolute server path becomes a
  // vscode-remote URI); code-server passes both through.
  const target = opts.workspace ? `workspace=${encodeURIComponent(opts.workspace)}` : `folder=${encodeURIComponent(opts.folder)}`;
  return `http://${authority}/?${target}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

async function launchBrowser(playwright, install, dirs) {
  return playwright.chromium.launch({
    executablePath: install.chromium,
    headless: true,
    timeout: 60000,
    // Playwright's own signal handlers would exit the process before we stop code-server.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    // Chromium puts its process-singleton socket under TMPDIR, so it gets the short socket dir.
    env: { ...process.env, HOME: dirs.home, TMPDIR: dirs.sockets, XDG_CONFIG_HOME: dirs.xdgConfig, XDG_CACHE_HOME: dirs.xdgCache },
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
}

// ---------------------------------------------------------------------------------------------
// Harness protocol (see the top of this file)

/**
 * Relative to each match: the match itself, unless it is in (or is) an aria-live region. One
 * marked aria-live="off" announces nothing and is no such copy: the status bar is one (1.139).
 */
const OUTSIDE_LIVE_REGIONS = "xpath=self::*[not(ancestor-or-self::*[@aria-live and @aria-live != 'off'])]";
/** The first visible match of a selector, outside aria-live regions: what click and wait act on. */
function firstVisible(page, selector) {
  return page.locator(selector).filter({ visible: true }).locator(OUTSIDE_LIVE_REGIONS).first();
}

const REQUEST = /\[workspace-glob-harness\] ([A-Za-z0-9_.-]+) (screenshot|click|wait|press|type) (.+)$/;

function createRequestServer(page, dirs, screenshotDir) {
  const seen = new Set();
  let queue = Promise.resolve();

  const reply = (id, suffix, text) => {
    const file = path.join(dirs.harness, `${id}.${suffix}`);
    fs.writeFileSync(`${file}.partial`, text);
    fs.renameSync(`${file}.partial`, file);
  };

  const perform = async (kind, arg) => {
    switch (kind) {
      case 'screenshot': {
        if (!/^[A-Za-z0-9_.-]+$/.test(arg)) { throw new Error(`bad screenshot name ${JSON.stringify(arg)}`); }
        fs.mkdirSync(screenshotDir, { recursive: true });
        const file = path.join(screenshotDir, `${arg}.png`);
        await page.screenshot({ path: file });
        return file;
      }
      // The workbench often keeps hidden copies of a widget (e.g. a chat confirmation is rendered
      // both in the collapsed response and above the input), so click the first VISIBLE match.
      // It also repeats status text (a tool's invocation message) for screen readers in an
      // aria-live region placed off screen, where no click lands; while that text lasts it can be
      // the first match, so matches inside such a region are left out.
      case 'click':
        await firstVisible(page, arg).click({ timeout: 15000 });
        return '';
      // For a state the extension host cannot observe, such as a chat response being complete.
      case 'wait':
        await firstVisible(page, arg).waitFor({ state: 'visible', timeout: 15000 });
        return '';
      case 'press': await page.keyboard.press(arg); return '';
      case 'type': await page.keyboard.type(arg); return '';
      default: throw new Error(`unknown request ${kind}`);
    }
  };

  // Returns true when the line was a protocol request (it is then not echoed as test output).
  return function handleLine(line) {
    const match = REQUEST.exec(line.trim());
    if (!match) {
      if (line.includes(MARKER)) { log(`ignored malformed harness request: ${line.trim()}`); return true; }
      return false;
    }
    const [, id, kind, arg] = match;
    if (seen.has(id)) { return true; } // the same console line can be forwarded twice
    seen.add(id);
    queue = queue.then(async () => {
      try {
        const result = await perform(kind, arg);
        log(`${kind} ${arg}: done`);
        reply(id, 'done', result);
      } catch (e) {
        log(`${kind} ${arg}: FAILED ${e.message.split('\n')[0]}`);
        reply(id, 'failed', e.message);
      }
    });
    return true;
  };
}

// ---------------------------------------------------------------------------------------------
// Memory: proportional set size (shared pages split between processes, so Chromium's many
// processes are not counted many times over) of this runner and all its descendants, once a second.

function startMemorySampler() {
  let peakPssKb = 0;
  let peakRssKb = 0;
  const sample = () => {
    const children = new Map();
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
        if (!children.has(ppid)) { children.set(ppid, []); }
        children.get(ppid).push(pid);
      } catch { /* exited meanwhile */ }
    }
    let pss = 0;
    let rss = 0;
    const stack = [String(process.pid)];
    while (stack.length) {
      const pid = stack.pop();
      try {
        const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
        pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)[1]);
        rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)[1]);
      } catch { /* exited meanwhile */ }
      stack.push(...(children.get(pid) || []));
    }
    peakPssKb = Math.max(peakPssKb, pss);
    peakRssKb = Math.max(peakRssKb, rss);
  };
  const timer = setInterval(sample, 1000);
  const mb = (kb) => Math.round(kb / 1024);
  return {
    stop: () => {
      clearInterval(timer);
      return `${mb(peakPssKb)} MB PSS (${mb(peakRssKb)} MB RSS summed over processes)`;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Diagnostics on failure

function printLogTails(dirs) {
  const files = [path.join(dirs.run, 'code-server.log')];
  const logsRoot = path.join(dirs.userData, 'logs');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) { walk(full); }
      else if (/^(remoteexthost|remoteagent|exthost)\.log$/.test(entry.name)) { files.push(full); }
    }
  };
  try { walk(logsRoot); } catch { /* no logs yet */ }
  for (const file of files) {
    try {
      // Cut long lines: a minified stack trace can be a single line of hundreds of kilobytes.
      const tail = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-40)
        .map((line) => (line.length > 400 ? `${line.slice(0, 400)} …` : line)).join('\n');
      console.log(`----- tail of ${path.relative(dirs.run, file)} -----\n${tail}`);
    } catch { /* unreadable */ }
  }
}

// ---------------------------------------------------------------------------------------------

function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }

async function runTests(opts, install, dirs, state) {
  const playwright = loadPlaywright();
  const port = await freePort();
  state.server = startCodeServer(install, dirs, port);
  log(`code-server pid ${state.server.pid} on 127.0.0.1:${port}, run dir ${dirs.run}`);
  await waitForHealth(port, state.server, 60000);
  log('code-server is up');

  state.browser = await launchBrowser(playwright, install, dirs);
  const page = await state.browser.newPage({ viewport: { width: 1400, height: 900 } });
  state.page = page;
  const handleLine = createRequestServer(page, dirs, opts.screenshotDir);

  let settle;
  const exited = new Promise((resolve) => { settle = resolve; });
  await page.exposeFunction('codeAutomationExit', (code) => settle({ code: Number(code) }));
  await page.exposeFunction('codeAutomationLog', (level, message) => {
    const line = util.format(...(Array.isArray(message) ? message : [message]));
    if (handleLine(line)) { return; }
    if (opts.verbose || !NOISE.test(line)) { console.log(`[${level}] ${line}`); }
  });
  page.on('pageerror', (e) => console.log('[pageerror]', String(e).slice(0, 300)));

  await page.goto(workbenchUrl(port, opts));
  log(`workbench opened (${opts.workspace ? 'workspace ' + opts.workspace : 'folder ' + opts.folder})`);
  const timeout = sleep(opts.timeoutS * 1000).then(() => ({ code: 124, timedOut: true }));
  const outcome = await Promise.race([exited, timeout]);
  if (outcome.timedOut) { log(`TIMEOUT after ${opts.timeoutS}s: the tests' run() did not settle`); }
  return outcome.code;
}

async function cleanUp(opts, dirs, state, code) {
  if (code !== 0 && state.page) {
    const file = path.join(opts.screenshotDir, 'failure.png');
    fs.mkdirSync(opts.screenshotDir, { recursive: true });
    await state.page.screenshot({ path: file }).then(
      () => log(`failure screenshot: ${file}`),
      (e) => log(`failure screenshot not taken: ${e.message.split('\n')[0]}`));
  }
  if (state.browser) { await state.browser.close().catch(() => undefined); }
  // Wait until the whole server tree is gone, so nothing writes into the run dir as it is removed.
  if (state.server) { await stopProcessGroup(state.server); }
  if (code !== 0) {
    printLogTails(dirs);
  }
  if (!dirs.sockets.startsWith(dirs.run)) { fs.rmSync(dirs.sockets, { recursive: true, force: true }); }
  if (code === 0 && !opts.keepTmp) {
    fs.rmSync(dirs.run, { recursive: true, force: true });
  } else {
    log(`run dir kept: ${dirs.run}`);
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const install = locateInstall();
  const dirs = makeRunDirs();
  writeUserSettings(dirs, opts.settings);
  installHelperExtensions(opts.exts.slice(1), dirs.extensions);
  // Playwright creates Chromium's profile under os.tmpdir(); keep it inside the run dir too.
  process.env.TMPDIR = dirs.tmp;

  const state = {};
  const memory = startMemorySampler();
  let cleaning = false;
  const finish = async (exitCode) => {
    if (cleaning) { return; }
    cleaning = true;
    const peak = memory.stop();
    await cleanUp(opts, dirs, state, exitCode);
    log(`exit code ${exitCode}; peak memory of runner + code-server + Chromium: ${peak}`);
    process.exit(exitCode);
  };
  // CI cancellation or Ctrl+C (also forwarded by codeShim.js) must not leave a server running.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => { log(`${signal}: stopping`); finish(130); });
  }
  let code;
  try {
    code = await runTests(opts, install, dirs, state);
  } catch (e) {
    log('harness error:', e && e.stack ? e.stack : e);
    code = 1;
  }
  await finish(code);
}

main();
