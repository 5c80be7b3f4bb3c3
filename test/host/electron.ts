/**
 * The same host suites through @vscode/test-electron, in desktop VS Code, where it can be
 * downloaded (it fetches from update.code.visualstudio.com). VSCODE_EXECUTABLE points it at an
 * existing executable instead, for instance harness/codeShim.js on a machine without downloads.
 * Tests that drive the UI through the harness skip themselves when no harness serves them.
 */

import { runTests } from '@vscode/test-electron';
import { prepareHostRun, PROJECT } from './suites';

async function main(): Promise<number> {
  const run = prepareHostRun();
  let failed = false;
  for (const suite of run.suites) {
    console.log(`\n== host tests (test-electron): ${suite.name}`);
    try {
      await runTests({
        ...(process.env.VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE } : { version: '1.139.1' }),
        extensionDevelopmentPath: [PROJECT, run.fakeModel],
        extensionTestsPath: suite.tests,
        launchArgs: [suite.workspace, '--disable-workspace-trust'],
      });
    } catch (error) {
      console.error(`${suite.name}: ${(error as Error).message}`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

void main().then((code) => {
  process.exitCode = code;
});
