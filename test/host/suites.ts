/**
 * What a host run needs, whichever VS Code runs it: the fixture workspaces, the test-only
 * language model staged as an extension, and the suites with the workspace each opens.
 */

import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { buildHostFixtures } from './fixtures';

export const PROJECT = path.resolve(__dirname, '../../..');
/** The same root the harness uses (VSCODE_TEST_ROOT, as for provision.sh). */
export const WORK = process.env.VSCODE_TEST_ROOT ? path.resolve(process.env.VSCODE_TEST_ROOT) : path.join(PROJECT, '.vscode-test');

export interface HostSuite {
  readonly name: string;
  /** The compiled module whose run() the extension host calls. */
  readonly tests: string;
  /** A folder, or a .code-workspace file for a multi-root workspace. */
  readonly workspace: string;
}

export interface HostRun {
  /** The test-only language model, staged as an extension folder. */
  readonly fakeModel: string;
  readonly suites: readonly HostSuite[];
}

export function prepareHostRun(): HostRun {
  const fixtures = buildHostFixtures(path.join(WORK, 'fixtures'));
  return {
    fakeModel: stageFakeModel(),
    suites: [
      { name: 'single-root workspace', tests: path.join(PROJECT, 'out/test/host/singleRoot/index.js'), workspace: fixtures.single },
      { name: 'multi-root workspace', tests: path.join(PROJECT, 'out/test/host/multiRoot/index.js'), workspace: fixtures.multiWorkspaceFile },
      // Copilot's own agent mode. Copilot writes into its folder inside the host's install, so
      // runs on one install are serialized (run.ts runs suites one by one; the suite takes a lock).
      { name: "Copilot's agent mode", tests: path.join(PROJECT, 'out/test/host/copilotAgent/index.js'), workspace: fixtures.single },
    ],
  };
}

/** An extension's main must sit in its folder, so the compiled model is copied next to its manifest. */
function stageFakeModel(): string {
  const directory = path.join(WORK, 'test-extensions', 'fake-lm');
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  copyFileSync(path.join(PROJECT, 'test/host/fakeLm/package.json'), path.join(directory, 'package.json'));
  copyFileSync(path.join(PROJECT, 'out/test/host/fakeLm/extension.js'), path.join(directory, 'extension.js'));
  return directory;
}
