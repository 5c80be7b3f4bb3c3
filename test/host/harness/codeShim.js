#!/usr/bin/env node
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS script, runs without a build step */
// A stand-in "VS Code executable" for @vscode/test-electron:
//   runTests({ vscodeExecutablePath: '<project>/test/host/harness/codeShim.js', extensionDevelopmentPath,
//              extensionTestsPath, launchArgs: [folderOrWorkspaceFile], extensionTestsEnv })
// runTests cannot download VS Code here, but it happily spawns whatever executable it is given with the
// desktop CLI arguments. This translates them for runInHost.js:
//   --extensionDevelopmentPath=<p> (one or more)  -> --ext <p>
//   --extensionTestsPath=<p>                      -> --tests <p>
//   first non-flag argument                       -> --workspace <p> if it ends in .code-workspace, else --folder <p>
// Desktop-only flags (--no-sandbox, --user-data-dir=..., --extensions-dir=..., ...) are ignored: every run
// gets a fresh profile anyway. extensionTestsEnv arrives as our environment and reaches the extension host.
// Extra runner options come from the environment: VSCODE_TEST_TIMEOUT (seconds), VSCODE_TEST_SCREENSHOT_DIR,
// VSCODE_TEST_SETTINGS (a settings.json to merge).
'use strict';

const path = require('path');
const { spawn } = require('child_process');

function translate(argv) {
  const values = (name) => argv.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
  const exts = values('extensionDevelopmentPath');
  const tests = values('extensionTestsPath')[0];
  if (exts.length === 0 || !tests) {
    console.error('codeShim: need --extensionDevelopmentPath=<dir> and --extensionTestsPath=<file>');
    process.exit(2);
  }
  const target = argv.find((a) => !a.startsWith('-')) || process.cwd();
  const args = [...exts.flatMap((e) => ['--ext', e]), '--tests', tests,
    target.endsWith('.code-workspace') ? '--workspace' : '--folder', target];
  const env = process.env;
  if (env.VSCODE_TEST_TIMEOUT) { args.push('--timeout', env.VSCODE_TEST_TIMEOUT); }
  if (env.VSCODE_TEST_SCREENSHOT_DIR) { args.push('--screenshot-dir', env.VSCODE_TEST_SCREENSHOT_DIR); }
  if (env.VSCODE_TEST_SETTINGS) { args.push('--settings', env.VSCODE_TEST_SETTINGS); }
  return args;
}

const child = spawn(process.execPath, [path.join(__dirname, 'runInHost.js'), ...translate(process.argv.slice(2))], { stdio: 'inherit' });
// runTests stops "VS Code" with SIGINT on Ctrl+C; pass it on so the runner can stop code-server cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
