/**
 * Runs the host tests: builds the fixture workspaces, stages the test-only language model as an
 * extension, and starts a real VS Code extension host (code-server + Chromium, see harness/) once
 * for the single-root suite and once for the multi-root one. Screenshots land in
 * .vscode-test/screenshots; with UPDATE_MEDIA=1 they are copied into media/.
 */

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { buildHostFixtures } from './fixtures';

const PROJECT = path.resolve(__dirname, '../../..');
const WORK = path.join(PROJECT, '.vscode-test');
const HARNESS = path.join(PROJECT, 'test/host/harness/runInHost.js');
const SCREENSHOTS = path.join(WORK, 'screenshots');

function stageFakeModel(): string {
  const directory = path.join(WORK, 'test-extensions', 'fake-lm');
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  copyFileSync(path.join(PROJECT, 'test/host/fakeLm/package.json'), path.join(directory, 'package.json'));
  copyFileSync(path.join(PROJECT, 'out/test/host/fakeLm/extension.js'), path.join(directory, 'extension.js'));
  return directory;
}

function runSuite(name: string, tests: string, workspace: ['--folder' | '--workspace', string], fakeModel: string): boolean {
  console.log(`\n== host tests: ${name}`);
  const result = spawnSync(
    process.execPath,
    [HARNESS, '--ext', PROJECT, '--ext', fakeModel, '--tests', path.join(PROJECT, tests), ...workspace, '--screenshot-dir', SCREENSHOTS, '--timeout', '300'],
    { stdio: 'inherit' },
  );
  return result.status === 0;
}

function main(): number {
  if (!existsSync(path.join(PROJECT, 'dist/extension.js'))) {
    console.error('dist/extension.js is missing: run npm run build first');
    return 2;
  }
  const fixtures = buildHostFixtures(path.join(WORK, 'fixtures'));
  const fakeModel = stageFakeModel();
  rmSync(SCREENSHOTS, { recursive: true, force: true });
  const results = [
    runSuite('single-root workspace', 'out/test/host/singleRoot/index.js', ['--folder', fixtures.single], fakeModel),
    runSuite('multi-root workspace', 'out/test/host/multiRoot/index.js', ['--workspace', fixtures.multiWorkspaceFile], fakeModel),
  ];
  if (process.env.UPDATE_MEDIA === '1' && existsSync(SCREENSHOTS)) {
    const media = path.join(PROJECT, 'media');
    mkdirSync(media, { recursive: true });
    for (const file of readdirSync(SCREENSHOTS).filter((name) => name.endsWith('.png'))) {
      copyFileSync(path.join(SCREENSHOTS, file), path.join(media, file));
    }
  }
  return results.every(Boolean) ? 0 : 1;
}

process.exitCode = main();
