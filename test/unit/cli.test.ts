import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { glob, VSCODE_DEFAULT_RULES } from '../../src/core';
import { DEFAULT_SPILL_LIMITS } from '../../src/core/spill/spill';
import { openWhenRead } from './helpers/processes';
import { processesUnder } from './reliability/helpers/leftovers';
import { testRipgrep } from './helpers/ripgrep';
import { at, TempTree } from './helpers/tree';

const CLI = path.resolve(__dirname, '../../../dist/cli.js');
/** Past this the command line is taken to hang (an answer takes well under a second here). */
const HANG_DEADLINE_MS = 10_000;

/**
 * The command line run to its end, or killed at the deadline, which fails the test. Killed with
 * SIGKILL: it catches SIGTERM to stop its search, which a hang on its thread never lets it do.
 */
function run(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: HANG_DEADLINE_MS, killSignal: 'SIGKILL' });
  assert.notEqual(result.signal, 'SIGKILL', 'the command line had not answered by the deadline (it hangs) and was killed');
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('command line (the built dist/cli.js)', () => {
  let tree: TempTree;
  let cache: TempTree;
  before(() => {
    tree = new TempTree();
    cache = new TempTree();
    for (let i = 0; i < 30; i += 1) {
      tree.write({ [`big/f-${i}.ts`]: at('2020-01-01', i), [`small-${i % 3}/g-${i}.js`]: at('2021-01-01', i) });
    }
  });
  after(() => {
    tree.remove();
    cache.remove();
  });

  it('prints exactly the text the model reads', async () => {
    const cli = run(['*.ts', 'big'], tree.root);
    assert.equal(cli.status, 0, cli.stderr);
    const engine = await glob({ pattern: '*.ts', path: 'big' }, [{ name: path.basename(tree.root), path: tree.root }], {
      ripgrepPath: await testRipgrep(),
      rules: VSCODE_DEFAULT_RULES,
    });
    assert.equal(cli.stdout, `${engine.text}\n`);
  });

  it('ends quietly when its reader closes the pipe early (regression: "| head" ended it with an EPIPE trace)', async () => {
    const child = spawn(process.execPath, [CLI, '*'], { cwd: tree.root, env: { ...process.env, XDG_CACHE_HOME: cache.root }, stdio: ['ignore', 'pipe', 'pipe'] });
    // The reading end is closed before the answer is written.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(stderr, '');
    assert.equal(status, 0);
  });

  it('prints the SPEC §8 object with --json, and saves the complete list in the user cache', () => {
    const cli = run(['--json', '--max-results', '5', '*'], tree.root, { XDG_CACHE_HOME: cache.root });
    assert.equal(cli.status, 0, cli.stderr);
    const json = JSON.parse(cli.stdout) as Record<string, unknown>;
    assert.deepEqual(Object.keys(json), ['root', 'pattern', 'total', 'paths', 'sampled', 'complete', 'topLevel', 'spill', 'text']);
    assert.equal(json.root, tree.root);
    assert.equal(json.total, 60);
    assert.equal((json.paths as string[]).length, 5);
    assert.equal(json.sampled, true);
    assert.equal(json.complete, true);
    assert.deepEqual(json.topLevel, { total: 4, reached: 4, counts: [['big/', 30], ['small-0/', 10], ['small-1/', 10], ['small-2/', 10]] });
    assert.ok(typeof json.spill === 'string' && json.spill.startsWith(path.join(cache.root, 'workspace-glob', 'lists')));
    assert.match(json.text as string, /^<files>\n/);
  });

  it('ignores a relative XDG_CACHE_HOME, as the XDG spec says, and never saves lists in the workspace', () => {
    // Regression: "XDG_CACHE_HOME=cache" saved the list in the current directory, the workspace.
    const home = new TempTree();
    try {
      const cli = run(['--json', '--max-results', '5', '*'], tree.root, { XDG_CACHE_HOME: 'relative-cache', HOME: home.root });
      assert.equal(cli.status, 0, cli.stderr);
      const spill = (JSON.parse(cli.stdout) as { spill: string }).spill;
      assert.ok(spill.startsWith(path.join(home.root, '.cache', 'workspace-glob', 'lists')), spill);
      assert.ok(!readdirSync(tree.root).includes('relative-cache'));
    } finally {
      home.remove();
    }
  });

  it('has pruned the older complete lists when it exits', () => {
    const lists = new TempTree();
    try {
      const directory = path.join(lists.root, 'workspace-glob', 'lists');
      mkdirSync(directory, { recursive: true, mode: 0o700 });
      for (let i = 0; i < DEFAULT_SPILL_LIMITS.maxLists + 5; i += 1) {
        writeFileSync(path.join(directory, `glob-20200101T0000000${String(i).padStart(2, '0')}Z-${'0'.repeat(16)}.txt`), 'old list\n');
      }
      const cli = run(['--json', '--max-results', '5', '*'], tree.root, { XDG_CACHE_HOME: lists.root });
      assert.equal(cli.status, 0, cli.stderr);
      const kept = readdirSync(directory);
      assert.equal(kept.length, DEFAULT_SPILL_LIMITS.maxLists);
      assert.ok(kept.includes(path.basename((JSON.parse(cli.stdout) as { spill: string }).spill)));
    } finally {
      lists.remove();
    }
  });

  it('names entries in --json as "path" takes them, not quoted as the text shows them', () => {
    const odd = new TempTree();
    try {
      odd.write({ 'back\\slash/a.ts': 1, 'back\\slash/b.ts': 2, 'plain/c.ts': 3 });
      const cli = run(['--json', '--max-results', '1', '*.ts'], odd.root, { XDG_CACHE_HOME: cache.root });
      assert.equal(cli.status, 0, cli.stderr);
      const json = JSON.parse(cli.stdout) as { topLevel: { counts: unknown }; text: string };
      assert.deepEqual(json.topLevel.counts, [['back\\slash/', 2], ['plain/', 1]]);
      assert.match(json.text, /Matches per entry: "back\\\\slash\/" 2 · plain\/ 1\./);
    } finally {
      odd.remove();
    }
  });

  it("skips what VS Code's search skips with its default settings, and only that", () => {
    // The folder above the working directory ignores a file the search must still find
    // (search.useParentIgnoreFiles is off by default); node_modules is skipped by search.exclude
    // though nothing ignores it; the working directory's own .gitignore applies.
    const outer = new TempTree();
    try {
      outer.write({
        '.gitignore': { mtime: at('2020-01-01'), content: 'above.txt\n' },
        'work/.gitignore': { mtime: at('2020-01-01'), content: 'here.txt\n' },
        'work/above.txt': at('2020-01-02'),
        'work/here.txt': at('2020-01-03'),
        'work/node_modules/dep/index.txt': at('2020-01-04'),
        'work/kept.txt': at('2020-01-05'),
      });
      const skipping = run(['--json', '*.txt'], outer.path('work'), { XDG_CACHE_HOME: cache.root });
      assert.equal(skipping.status, 0, skipping.stderr);
      assert.deepEqual((JSON.parse(skipping.stdout) as { paths: string[] }).paths, ['above.txt', 'kept.txt']);
      const all = run(['--json', '--include-ignored', '*.txt'], outer.path('work'), { XDG_CACHE_HOME: cache.root });
      assert.deepEqual((JSON.parse(all.stdout) as { paths: string[] }).paths, ['above.txt', 'here.txt', 'node_modules/dep/index.txt', 'kept.txt']);
    } finally {
      outer.remove();
    }
  });

  it('fails bad input with a one-line error and exit code 2', () => {
    for (const args of [[], ['a['], ['*', 'missing-dir'], ['--max-results', '0', '*'], ['--bogus', '*'], ['   ']]) {
      const cli = run(args, tree.root);
      assert.equal(cli.status, 2, `${args.join(' ')}: ${cli.stderr}`);
      assert.equal(cli.stdout, '');
      assert.match(cli.stderr, /^workspace-glob: [^\n]+\n$/);
    }
    // Regression: Node's own words ("argument is ambiguous", an unbalanced quote), and "0x10"
    // taken as 16.
    const said: Array<[string[], string]> = [
      [['--max-results', '-1', '*'], '--max-results needs a positive whole number, not "-1"'],
      [['--max-results', '0x10', '*'], '--max-results needs a positive whole number, not "0x10"'],
      [['--timeout-seconds', '1e', '*'], '--timeout-seconds needs a positive number, not "1e"'],
      // Regression: taken, a limit under a millisecond (a timer waits one at least) read "1e-300 s" in the footer.
      [['--timeout-seconds', '1e-300', '*'], '--timeout-seconds needs at least 0.001 (a millisecond), not "1e-300"'],
      [['--timeout-seconds', '0.0009', '*'], '--timeout-seconds needs at least 0.001 (a millisecond), not "0.0009"'],
      [['--bogus', '*'], `unknown option "--bogus"; a pattern or path that starts with "-" goes after "--" (workspace-glob -- --bogus '*')`],
      // Regression: parseArgs reads "-dash.txt" as the short options "-d", "-a"…, and the advice
      // quoted "-d" alone, a search for "-d"; for a path "-dist" it left the pattern before "--".
      [['-dash.txt'], 'unknown option "-d" in "-dash.txt"; a pattern or path that starts with "-" goes after "--" (workspace-glob -- -dash.txt)'],
      [['--bogus=1', '*'], `unknown option "--bogus" in "--bogus=1"; a pattern or path that starts with "-" goes after "--" (workspace-glob -- --bogus=1 '*')`],
      [['--json', '*.js', '--max-results', '5', '-dist'], `unknown option "-d" in "-dist"; a pattern or path that starts with "-" goes after "--" (workspace-glob --json --max-results 5 -- '*.js' -dist)`],
      // Regression: quoted as JSON, "-$x.txt" came back through the shell as "-.txt".
      [['-$x.txt', "it's"], `unknown option "-$" in "-$x.txt"; a pattern or path that starts with "-" goes after "--" (workspace-glob -- '-$x.txt' 'it'\\''s')`],
      [['--json=yes', '*'], '--json takes no value'],
      // Regression: parseArgs names an option with a short form as '-h, --help': "-h, takes no value".
      [['--help=yes'], '--help takes no value'],
      // Regression: 'takes no value' for a value left out, and the first value blamed for the second.
      [['*', '--max-results'], '--max-results needs a positive whole number after it'],
      [['--max-results', '5', '--max-results', '-3', '*'], '--max-results needs a positive whole number, not "-3"'],
    ];
    for (const [args, message] of said) {
      assert.equal(run(args, tree.root).stderr, `workspace-glob: ${message} (see workspace-glob --help)\n`);
    }
  });

  it('takes a time limit past the largest number as no limit, as it takes 1e300 (regression: 1e400 was refused as no positive number)', () => {
    const unlimited = run(['--timeout-seconds', '1e400', '*.ts', 'big'], tree.root);
    assert.equal(unlimited.status, 0, unlimited.stderr);
    assert.equal(unlimited.stdout, run(['--timeout-seconds', '1e300', '*.ts', 'big'], tree.root).stdout);
    assert.doesNotMatch(unlimited.stdout, /INCOMPLETE/);
  });

  it('takes a page size past the largest number as no bound on the page, as it takes 1e300', () => {
    // Regression: a 400-digit page size was refused as "needs a positive whole number".
    const huge = run(['--max-results', '9'.repeat(400), '*.ts', 'big'], tree.root);
    assert.equal(huge.status, 0, huge.stderr);
    assert.equal(huge.stdout, run(['--max-results', `1${'0'.repeat(300)}`, '*.ts', 'big'], tree.root).stdout);
    assert.match(huge.stdout, /^\d+ files match "\*\.ts" in big\/, oldest first\.$/m);
  });

  it('says on one line that it could not write the answer, and exits 1', () => {
    // Regression: a full disk (anything but a closed pipe) ended it with a stack trace.
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [CLI, '*'], { cwd: tree.root, encoding: 'utf8', stdio: ['ignore', full, 'pipe'], env: { ...process.env, XDG_CACHE_HOME: cache.root } });
      assert.equal(result.status, 1);
      assert.match(result.stderr, /^workspace-glob: could not write the answer: ENOSPC[^\n]*\n$/);
    } finally {
      closeSync(full);
    }
  });

  it('with stdout on a full disk, an input error is said alone and exits 2', () => {
    // Regression: waiting for stdout to be written wrote to it (an empty write, a write all the
    // same), which failed there: "could not write the answer" followed, and the exit was 1.
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [CLI, '--max-results', 'x', '*'], { cwd: tree.root, encoding: 'utf8', stdio: ['ignore', full, 'pipe'] });
      assert.equal(result.stderr, 'workspace-glob: --max-results needs a positive whole number, not "x" (see workspace-glob --help)\n');
      assert.equal(result.status, 2);
    } finally {
      closeSync(full);
    }
  });

  /**
   * The command line run on a tree whose walk blocks, sent `signal` once ripgrep waits: what it
   * printed, how it ended, and the processes still working in the tree before it is unblocked.
   */
  async function stoppedBy(signal: NodeJS.Signals): Promise<{ status: number | null; stdout: string; left: string[] }> {
    const blocked = new TempTree();
    try {
      for (let i = 0; i < 1_500; i += 1) {
        blocked.write({ [`file-number-${i}.txt`]: i });
      }
      blocked.write({ 'z/a.txt': 2_000 });
      // ripgrep lists the files at the top, then opens z/.ignore to read it, a named pipe: it
      // waits there until a writer opens the pipe, and then for something to read.
      const pipe = blocked.path('z/.ignore');
      spawnSync('mkfifo', [pipe]);
      const child = spawn(process.execPath, [CLI, '--max-results', '2', '*'], { cwd: blocked.root, env: { ...process.env, XDG_CACHE_HOME: cache.root }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
      const writer = await openWhenRead(pipe, HANG_DEADLINE_MS);
      try {
        child.kill(signal);
        const status = await closed;
        // Still blocked, a ripgrep left behind would be here (its working directory the tree).
        const left = processesUnder(blocked.root).map((info) => `${info.pid} ${info.command}`);
        return { status, stdout, left };
      } finally {
        closeSync(writer);
      }
    } finally {
      blocked.remove();
    }
  }

  it('stops at Ctrl-C, prints what it found marked incomplete, saves that list, and exits 130', async () => {
    // Regression: the list of the files found was never saved ("could not be saved (This
    // operation was aborted)") and the exit code was 0, as for a complete answer.
    const { status, stdout, left } = await stoppedBy('SIGINT');
    assert.equal(status, 130);
    assert.deepEqual(left, []);
    assert.match(stdout, /^INCOMPLETE: the search was cancelled/m);
    const saved = /The list of the ([\d,]+) paths found so far, oldest first, is saved in (\S+): /.exec(stdout);
    assert.ok(saved, stdout);
    const listed = readFileSync(saved[2], 'utf8').split('\n').filter((line) => line.startsWith('file-number-'));
    assert.equal(listed.length, Number(saved[1].replace(/,/g, '')));
    assert.ok(listed.length > 2 && listed.length <= 1_500, `${listed.length} listed`);
  });

  for (const [signal, code] of [['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    it(`stops at ${signal} as at Ctrl-C, ending ripgrep with it, and exits ${code}`, async () => {
      // Bug: only SIGINT was caught. A SIGTERM (from "timeout", a CI job cancelled, kill) or a
      // SIGHUP (the terminal closed) ended the command line by default, and ripgrep, in a process
      // group of its own, went on walking the tree with no one to read it (its parent then init).
      const { status, stdout, left } = await stoppedBy(signal);
      assert.deepEqual(left, [], 'ripgrep left running');
      assert.equal(status, code);
      assert.match(stdout, /^INCOMPLETE: the search was cancelled/m);
    });
  }

  it('gives each path in --json as one string, a name that is not UTF-8 too (surrogateescape)', () => {
    // Regression: a name that is not UTF-8 came in its quoted display form, the very string a
    // file of that literal name came as.
    const odd = new TempTree();
    try {
      mkdirSync(odd.path('d'));
      odd.writeFile(Buffer.concat([Buffer.from('d/bad'), Buffer.from([0xff]), Buffer.from('.txt')]), { mtime: 1 });
      odd.write({ '"d/bad\\xff.txt"': 2 });
      const cli = run(['--json', '*'], odd.root, { XDG_CACHE_HOME: cache.root });
      assert.equal(cli.status, 0, cli.stderr);
      const json = JSON.parse(cli.stdout) as { paths: string[]; topLevel: { counts: unknown } };
      assert.deepEqual(json.paths, ['d/bad\udcff.txt', '"d/bad\\xff.txt"']);
      assert.deepEqual(json.topLevel.counts, [['d/', 1], ['"d/', 1]]);
    } finally {
      odd.remove();
    }
  });

  it('puts the error for a "path" of 100,000 spaces on one line without hanging', () => {
    // Bug: the error was put on one line with a regular expression that started again at every
    // space of the quoted path: half a minute of CPU. A hang, not a timing: the deadline is tens
    // of times what the answer takes. The path is echoed short now (longInput.ts): its start and
    // end around a count of the spaces left out.
    const result = run(['*', `${' '.repeat(100_000)}x`], tree.root);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^workspace-glob: The "path" "[^"\n]*…\[99,\d{3} characters left out\]…[^"\n]*x" does not exist [^\n]+\n$/);
    assert.ok(result.stderr.length < 2_000, `${result.stderr.length} characters`);
  });

  it('answers when the complete-list directory is on a filesystem that refuses it as missing (/proc), without hanging', function () {
    // Bug: Node's recursive mkdir takes ENOENT for a missing parent, makes the parent (/proc:
    // EEXIST) and tries again, forever: a cache directory under /proc spun at 100% CPU with no
    // answer. A hang, not a timing: the deadline is tens of times what the answer takes.
    if (process.platform !== 'linux') {
      this.skip();
    }
    const result = run(['--max-results', '1', '*'], tree.root, { XDG_CACHE_HOME: '/proc/workspace-glob-test' });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /The complete list could not be saved \(ENOENT: no such file or directory, mkdir '\/proc\/workspace-glob-test[^)]*\); narrow "path"/);
  });

  it('prints help', () => {
    const cli = run(['--help'], tree.root);
    assert.equal(cli.status, 0);
    assert.match(cli.stdout, /^usage: workspace-glob/);
  });

  it('names in its help every default exclude it skips (regression: .DS_Store, Thumbs.db and *.code-search were skipped unsaid)', () => {
    const help = run(['--help'], tree.root).stdout.replace(/\s+/g, ' ');
    for (const glob of VSCODE_DEFAULT_RULES.excludeGlobs) {
      const name = glob.replace(/^\*\*\//, '');
      // The version-control folders are named as a kind, not one by one.
      if (!/^\.(git|svn|hg|jj)$/.test(name)) {
        assert.ok(help.includes(name), `${name} is skipped but the help does not say so`);
      }
    }
  });
});
