/**
 * Runs a folder of compiled mocha tests inside the extension host. The harness loads the module
 * named by extensionTestsPath and waits for its run() to settle; a rejection is a failed run.
 */

import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function runMochaFolder(folder: string): Promise<void> {
  // WORKSPACE_GLOB_HOST_GREP runs only the tests whose titles match it (for working on one test).
  const grep = process.env.WORKSPACE_GLOB_HOST_GREP;
  const mocha = new Mocha({ ui: 'bdd', timeout: 120_000, color: false, reporter: 'spec', ...(grep ? { grep } : {}) });
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(folder, file));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} host test(s) failed`)) : resolve()));
  });
}
