import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { runRipgrep } from '../../src/core/ripgrep/process';
import { realTimer, Stopper } from '../../src/core/walk/stopper';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

/**
 * Keeps this thread busy, as a search thread reading times is, until process `pid` has exited
 * (a zombie: ended, its end not yet collected), or 10 s at most. Linux's /proc tells; elsewhere
 * a fixed half second.
 */
function busyUntilExited(pid: number): void {
  const until = Date.now() + (existsSync('/proc/self/stat') ? 10_000 : 500);
  while (Date.now() < until) {
    // The state is the field after the name in parentheses: Z for a zombie.
    const state = existsSync('/proc/self/stat') ? /\) (\w)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] : undefined;
    if (state === 'Z') {
      return;
    }
  }
}

describe('ripgrep runs and stops (ripgrep/process.ts, stopper.ts)', () => {
  const tree = new TempTree();
  before(() => {
    for (let i = 0; i < 5; i += 1) {
      tree.write({ [`d/f-${i}.txt`]: i + 1 });
    }
  });
  after(() => tree.remove());

  const args = ['--files', '--null', '--no-config', '--no-ignore', '.'];

  it('a stop that comes after ripgrep ended, before its end was seen, cut nothing: every name listed', async () => {
    // Regression: the thread, busy reading times, had not yet seen ripgrep's exit when the time
    // limit fired; the answer then said "more files may match" of a listing that was whole.
    const controller = new AbortController();
    let names = 0;
    let pid = 0;
    const outcome = await runRipgrep(
      { ripgrepPath: await testRipgrep(), args, cwd: tree.root },
      {
        signal: controller.signal,
        onSpawn: (spawned) => (pid = spawned),
        onName: () => {
          names += 1;
          if (names === 5) {
            // ripgrep has printed its last name and exits meanwhile; only then the stop.
            busyUntilExited(pid);
            controller.abort();
          }
        },
      },
    );
    assert.deepEqual({ stopped: outcome.stopped, listedAll: outcome.listedAll, listed: outcome.listed, exitCode: outcome.exitCode }, { stopped: true, listedAll: true, listed: 5, exitCode: 0 });
  });

  it('a time limit longer than a timer can hold is no limit, not one that fires at once', async () => {
    // Regression: "--timeout-seconds 3000000" stopped every search after 1 ms (Node's timer
    // overflow) and said it had hit a 3,000,000 s limit.
    const stopper = new Stopper(undefined, 3_000_000_000, realTimer);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(stopper.reason, undefined);
    stopper.dispose();
  });
});

describe('ripgrep\'s warnings about names that hold a newline (ripgrep/warningMessages.ts)', () => {
  const tree = new TempTree();
  // A name's second line that starts as a message does, and a first line that ends as one does.
  const names = ['a', 'b', 'c\nrg: d', 'g: No such file or directory (os error 2)\nh', 'x\nrg: y\nz'];
  before(() => {
    tree.write({ 'f.txt': 1 });
    for (const name of names) {
      symlinkSync(tree.path('nowhere'), tree.path(name));
    }
  });
  after(() => tree.remove());

  // One walking thread words a message "rg: ./c: IO error for operation on ./c: …", more "rg: ./c: …".
  for (const threads of ['1', '2']) {
    it(`reads each link to nothing as one warning, with ${threads} walking thread(s)`, async () => {
      // Regression: "rg: ./c" and "rg: d: No such file or directory (os error 2)" were two warnings,
      // the first a problem that "may" hide files, and "h: No such file …" a link of its own: the
      // footer said "met 6 paths" for 5 links and "2 problems ... may be missing".
      const outcome = await runRipgrep(
        { ripgrepPath: await testRipgrep(), args: ['--no-config', '--files', '--null', '--follow', '--threads', threads], cwd: tree.root },
        { onName: () => undefined },
      );
      assert.equal(outcome.warnings.length, names.length, outcome.warnings.join('\n---\n'));
      assert.equal(outcome.warningCount, names.length);
      for (const name of names) {
        assert.ok(outcome.warnings.some((warning) => new RegExp(`^(rg: )?\\./${name.replace(/[()]/g, '\\$&')}: `).test(warning)), name);
      }
    });
  }
});
