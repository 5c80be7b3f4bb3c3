/**
 * Runs the host tests in a real VS Code extension host on any machine that reaches the npm
 * registry and Debian's packages: code-server + Chromium through harness/runInHost.js, once per
 * suite. Screenshots land in <root>/screenshots; with UPDATE_MEDIA=1 they are copied to media/.
 */

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { prepareHostRun, PROJECT, WORK, type HostSuite } from './suites';

const HARNESS = path.join(PROJECT, 'test/host/harness/runInHost.js');
const SCREENSHOTS = path.join(WORK, 'screenshots');

function runSuite(suite: HostSuite, fakeModel: string): boolean {
  console.log(`\n== host tests: ${suite.name}`);
  const target = suite.workspace.endsWith('.code-workspace') ? '--workspace' : '--folder';
  const result = spawnSync(
    process.execPath,
    [HARNESS, '--ext', PROJECT, '--ext', fakeModel, '--tests', suite.tests, target, suite.workspace, '--screenshot-dir', SCREENSHOTS, '--timeout', '300'],
    { stdio: 'inherit' },
  );
  return result.status === 0;
}

function main(): number {
  if (!existsSync(path.join(PROJECT, 'dist/extension.js'))) {
    console.error('dist/extension.js is missing: run npm run build first');
    return 2;
  }
  const run = prepareHostRun();
  rmSync(SCREENSHOTS, { recursive: true, force: true });
  const passed = run.suites.map((suite) => runSuite(suite, run.fakeModel));
  if (process.env.UPDATE_MEDIA === '1' && existsSync(SCREENSHOTS)) {
    const media = path.join(PROJECT, 'media');
    mkdirSync(media, { recursive: true });
    for (const file of readdirSync(SCREENSHOTS).filter((name) => name.endsWith('.png') && name !== 'failure.png')) {
      copyFileSync(path.join(SCREENSHOTS, file), path.join(media, file));
    }
  }
  return passed.every(Boolean) ? 0 : 1;
}

process.exitCode = main();
