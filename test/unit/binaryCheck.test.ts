import * as assert from 'node:assert/strict';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { notRipgrep, RipgrepChecks } from '../../src/core/ripgrep/binaryCheck';
import { goneWithin } from './helpers/processes';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

describe('checking the ripgrep binary a setting names (binaryCheck.ts)', () => {
  const scripts = new TempTree();
  after(() => scripts.remove());

  function script(name: string, body: string): string {
    const file = scripts.path(name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  }

  it('tells ripgrep from another executable', async () => {
    // Regression: /bin/true passed as ripgrep, and every search found no files.
    assert.equal(await notRipgrep(await testRipgrep()), undefined);
    assert.deepEqual(await notRipgrep(script('silent', 'exit 0')), { reason: 'is not ripgrep: "--version" printed nothing', passing: false });
    assert.deepEqual(await notRipgrep(script('other', 'echo "other 1.0"')), { reason: 'is not ripgrep: "--version" printed "other 1.0"', passing: false });
    const failing = await notRipgrep(script('failing', 'exit 3'));
    assert.equal(failing?.reason, 'did not run "--version" (exit code 3)');
    assert.equal(failing?.passing, false);
    assert.deepEqual(await notRipgrep('/no/such/rg'), { reason: 'is not an executable file', passing: false });
    assert.deepEqual(await notRipgrep(scripts.root), { reason: 'is not an executable file', passing: false });
  });

  it('says a binary that took too long may pass another time, and leaves none of its processes behind', async () => {
    assert.deepEqual(await notRipgrep(script('slow', 'exec sleep 5'), 200), { reason: 'did not run "--version" (took over 0.2 s)', passing: true });
    // Regression: a script that hung in a child of its own left the child running.
    const pidFile = scripts.path('child.pid');
    const hanging = script('hanging', `sleep 30 &\necho $! > ${pidFile}\nwait`);
    assert.equal((await notRipgrep(hanging, 300))?.passing, true);
    assert.ok(await goneWithin(Number(readFileSync(pidFile, 'utf8'))), 'the script s child still runs');
  });

  it('keeps a lasting answer until the file changes, and asks again after a passing one', async () => {
    // Regression: a check that timed out on a loaded machine passed the binary over until its
    // file changed, and every search ran on another ripgrep meanwhile.
    const answers: Array<Awaited<ReturnType<typeof notRipgrep>>> = [{ reason: 'took too long', passing: true }, undefined, { reason: 'is not ripgrep', passing: false }];
    const asked: string[] = [];
    const checks = new RipgrepChecks(async (path) => {
      asked.push(path);
      return answers.shift();
    }, 0);
    const binary = script('rg', 'exit 0');
    const heard: string[] = [];
    const problemOf = (): Promise<string | undefined> => checks.problemOf(binary, (reason) => heard.push(reason));
    assert.equal(await problemOf(), 'took too long');
    // Kept for the time given (here none): the next search after it asks again.
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(await problemOf(), undefined);
    assert.equal(await problemOf(), undefined);
    assert.equal(asked.length, 2);
    // Replaced in place: a new file time, checked again; a lasting answer is said once.
    writeFileSync(binary, '#!/bin/sh\necho other\n', { mode: 0o755 });
    const later = new Date(Date.now() + 5_000);
    utimesSync(binary, later, later);
    assert.equal(await problemOf(), 'is not ripgrep');
    assert.equal(await problemOf(), 'is not ripgrep');
    assert.equal(asked.length, 3);
    assert.deepEqual(heard, ['took too long', 'is not ripgrep']);
  });

  it('keeps an answer that may pass for a while, so a binary that hangs does not hold up every search', async () => {
    // Found by a review: a "--version" that hung was asked again by every search, each waiting
    // the whole time limit and showing the warning again.
    let asked = 0;
    const checks = new RipgrepChecks(async () => {
      asked += 1;
      return { reason: 'took too long', passing: true };
    });
    const binary = script('rg-slow', 'exit 0');
    for (let search = 0; search < 3; search += 1) {
      assert.equal(await checks.problemOf(binary, () => undefined), 'took too long');
    }
    assert.equal(asked, 1);
  });
});
