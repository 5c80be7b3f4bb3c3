/**
 * Reliability, bad input (issue 5): every kind of input a model can get wrong, against the real
 * engine and the real ripgrep. Each gets a GlobError whose kind and message tell the model what
 * to send instead, or a correct result; none crashes or hangs the process that runs the engine.
 * Inputs that could crash or hang that process run in a process of their own.
 */

import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { resolveRequest, type GlobResult } from '../../../src/core';
import { testRipgrep } from '../helpers/ripgrep';
import type { TempTree } from '../helpers/tree';
import { rejectsWith, RipgrepWatch, search } from './helpers/engine';
import { assertNoProcessLeft } from './helpers/leftovers';
import type { EngineRequest } from './helpers/engineScript';
import { describeRun, runEngine, type EngineRun } from './helpers/processes';
import { Scratch } from './helpers/scratch';

/**
 * How long a search run in its own process may take before it counts as hung. A healthy one
 * takes about a second alone, but the ten of the long-input tests run side by side: on a quiet
 * 2-core machine the last of them ended after 4.6 s, and a busy or slower machine stretches
 * that. A hang (a matcher gone exponential) runs for minutes, so 30 s still tells it apart.
 */
const HANG_DEADLINE_MS = 30_000;

function shown(result: GlobResult): string[] {
  return result.page.map((path) => path.shown);
}

describe('reliability: bad input (real engine, real ripgrep)', function () {
  this.timeout(60_000);
  let scratch: Scratch;
  let ws: TempTree;
  let outside: TempTree;

  before(() => {
    scratch = new Scratch(64);
    ws = scratch.tree('ws').write({
      'src/a.ts': 1,
      'src/b.ts': 2,
      'file.txt': 3,
      'sub/dir/c.ts': 4,
      '-rf': 5,
      '--files': 6,
      '--pre=touch-pwned.sh': 7,
      '-n.txt': 8,
      'canary.txt': { mtime: 9, content: 'still here' },
    });
    outside = scratch.tree('outside').write({ 'o/x.ts': 10 });
    symlinkSync(ws.path('src'), ws.path('link-to-src'));
    symlinkSync('loop-b', ws.path('loop-a'));
    symlinkSync('loop-a', ws.path('loop-b'));
  });
  after(() => scratch.dispose());

  it('an empty pattern is refused with examples of what to send', async () => {
    await rejectsWith(search(ws, { pattern: '' }), 'invalidInput', /"pattern" is empty\. Give a glob such as "\*" \(every file\)/);
  });

  it('a pattern of only whitespace is refused like an empty one', async () => {
    for (const pattern of [' ', '\t', '  \n\t  ', '\r\n']) {
      await rejectsWith(search(ws, { pattern }), 'invalidInput', /"pattern" is empty/);
    }
  });

  it('a NUL byte in the pattern is refused', async () => {
    await rejectsWith(search(ws, { pattern: '*.ts\0.js' }), 'invalidInput', /"pattern" contains a NUL character.*Remove it/);
  });

  it('a NUL byte in path is refused', async () => {
    await rejectsWith(search(ws, { pattern: '*', path: 'src\0/../..' }), 'invalidInput', /"path" contains a NUL character.*Remove it/);
  });

  it('a pattern starting with "-" is an inert glob, never a ripgrep flag', async () => {
    const watch = new RipgrepWatch();
    const run = (pattern: string): Promise<GlobResult> => search(ws, { pattern }, { onRipgrep: watch.onRipgrep });
    await run('*');
    const baseline = watch.events[0].command;
    // An empty answer's count of ignored files walks as a search with includeIgnored does.
    const lifted = new RipgrepWatch();
    await search(ws, { pattern: '*', includeIgnored: true }, { onRipgrep: lifted.onRipgrep });
    const ignoredBaseline = lifted.events[0].command;
    assert.deepEqual(shown(await run('-rf')), ['-rf']);
    assert.deepEqual(shown(await run('--files')), ['--files']);
    assert.deepEqual(shown(await run('--pre=*')), ['--pre=touch-pwned.sh']);
    assert.deepEqual(shown(await run('-*')).sort(), ['--files', '--pre=touch-pwned.sh', '-n.txt', '-rf']);
    for (const flag of ['--help', '--version', '-V', '--debug', '--type-list']) {
      const result = await run(flag);
      assert.equal(result.total, 0, flag);
      assert.match(result.text, new RegExp(`^No files match "${flag}" in the workspace\\.`));
    }
    // The pattern never reaches ripgrep's command line as an argument of its own (matching happens
    // in the engine): every run had the command line of a search for "*" (with includeIgnored, for
    // the count), at most with a type for the pattern's fixed ending (nameFilter.ts), which is the
    // value of --type-add and starts with the type's name.
    for (const event of watch.events) {
      const typed = event.command.indexOf('--type-add');
      const untyped = typed === -1 ? event.command : event.command.slice(0, typed);
      assert.deepEqual(untyped, event.purpose === 'countIgnored' ? ignoredBaseline : baseline);
      if (typed !== -1) {
        const sieve = event.command.slice(typed);
        assert.deepEqual(sieve.slice(-2), ['--type', 'workspaceglob']);
        for (let i = 0; i < sieve.length - 2; i += 2) {
          assert.equal(sieve[i], '--type-add');
          assert.match(sieve[i + 1], /^workspaceglob:/);
        }
      }
    }
    assert.ok(watch.events.some((event) => event.command.includes('workspaceglob:*-[rR][fF]')));
    assert.ok(watch.events.some((event) => event.purpose === 'countIgnored'));
    // Where ripgrep does see it (to explain an invalid glob), it is the value of --glob.
    await rejectsWith(search(ws, { pattern: '-[' }), 'invalidGlob', /is not a valid glob: unclosed character class/);
    assert.equal(readFileSync(ws.path('canary.txt'), 'utf8'), 'still here');
    assert.equal(existsSync(ws.path('pwned')), false);
  });

  it('an invalid glob "a[" is refused with ripgrep’s own reason and how to fix it', async () => {
    await rejectsWith(
      search(ws, { pattern: 'a[' }),
      'invalidGlob',
      /^The pattern "a\[" is not a valid glob: unclosed character class; missing '\]'\. Wrap a literal special character in brackets/,
    );
  });

  it('an invalid glob "{a,b" is refused with ripgrep’s own reason and how to fix it', async () => {
    await rejectsWith(
      search(ws, { pattern: '{a,b' }),
      'invalidGlob',
      /^The pattern "\{a,b" is not a valid glob: unclosed alternate group; missing '\}'/,
    );
  });

  describe('very long and costly patterns (each in a process of its own)', () => {
    // 100 KB of one name, 100 KB of alternatives, and short patterns that make a backtracking
    // matcher take exponential time. All run at once, so a hang costs one deadline, not several.
    let deep: TempTree;
    const runs: Record<string, EngineRun> = {};

    before(async () => {
      deep = scratch.tree('deep');
      deep.write({ [`${'x/'.repeat(30)}y.ts`]: 1, [`${'a'.repeat(40)}`]: 2, 'name-00001.md': 3, 'name-06999.md': 4, 'other.md': 5 });
      const ripgrepPath = await testRipgrep();
      const request = (input: { pattern: string; path?: string }): EngineRequest => ({ input, root: deep.root, ripgrepPath });
      const alternatives = Array.from({ length: 7000 }, (_, i) => `name-${String(i).padStart(5, '0')}.md`);
      const probes: Record<string, string> = {
        longName: 'a'.repeat(100_000),
        alternatives: `{${alternatives.join(',')}}`,
        stars: `${'*a'.repeat(12)}b`,
        globstars: `${'**/'.repeat(10)}zz`,
        // Read again for slips once they match nothing (patternSlips.ts, emptyResult.ts): each
        // took time quadratic in its length there, about 20 s at this size.
        spacedBraces: `{a,${' '.repeat(100_000)}b}`,
        escapedBrackets: '\\['.repeat(50_000),
        parentheses: '('.repeat(100_000),
        // Read for near patterns (nearPatterns.ts): a test of "a name with an extension" by a
        // regular expression backtracked over such names (one of one letter, one of 200 KB of dots,
        // which took 20 s there).
        nameWithExtension: `${'a'.repeat(100_000)}.py`,
        manyDots: `x/${'a.'.repeat(100_000)}*`,
      };
      assert.ok(probes.alternatives.length > 98_000);
      const inputs: Record<string, { pattern: string; path?: string }> = {
        ...Object.fromEntries(Object.entries(probes).map(([name, pattern]) => [name, { pattern }])),
        // A listed "path" whose piece holds a long run of slashes (pathAdvice.ts trimmed them
        // with a regular expression that took 19 s at this size).
        slashRunPath: { pattern: '*', path: `a${'/'.repeat(100_000)}b, c` },
      };
      await Promise.all(
        Object.entries(inputs).map(async ([name, input]) => {
          runs[name] = await runEngine(request(input), { deadlineMs: HANG_DEADLINE_MS });
        }),
      );
    });

    function answered(run: EngineRun): NonNullable<EngineRun['report']> {
      assert.ok(run.report, describeRun(run));
      return run.report;
    }

    it('a 100 KB pattern (one long name) gets an error or an empty result, never a crash', () => {
      // Bug: the engine compiles it into a regular expression that V8 refuses as "too large" the
      // first time a name is tested, inside ripgrep's stdout handler: an uncaught SyntaxError.
      const report = answered(runs.longName);
      if (report.error) {
        assert.ok(report.error.kind === 'invalidInput' || report.error.kind === 'invalidGlob', JSON.stringify(report.error));
        assert.match(report.error.message, /pattern/);
      } else {
        assert.equal(report.result?.total, 0);
      }
    });

    it('a 100 KB pattern of 7,000 alternatives finds exactly the files it names', () => {
      const report = answered(runs.alternatives);
      assert.equal(report.error, undefined, JSON.stringify(report.error));
      assert.deepEqual(report.result?.shown, ['name-00001.md', 'name-06999.md']);
    });

    it('short patterns that make a backtracking matcher exponential ("*a*a…b", "**/**/…") return', () => {
      // Bug: the glob becomes a backtracking RegExp; "*a" twelve times then "b" against one
      // 40-character name takes minutes, "**/" ten times against a 30-level path likewise, and it
      // blocks the thread that runs the engine, so not even cancellation can stop it.
      for (const name of ['stars', 'globstars']) {
        const report = answered(runs[name]);
        assert.equal(report.result?.total, 0, `${name}: ${JSON.stringify(report.error)}`);
      }
    });

    it('a 100 KB "path" read for the advice on a missing path gets its error', () => {
      const report = answered(runs.slashRunPath);
      assert.equal(report.error?.kind, 'pathNotFound', JSON.stringify(report.error));
    });

    it('100 KB patterns read for slips once they match nothing get their explained empty answer', () => {
      for (const name of ['spacedBraces', 'escapedBrackets', 'parentheses', 'nameWithExtension', 'manyDots']) {
        const report = answered(runs[name]);
        assert.equal(report.result?.total, 0, `${name}: ${JSON.stringify(report.error)}`);
        assert.match(report.result?.text ?? '', /^No files match /, name);
      }
      assert.match(answered(runs.spacedBraces).result?.text ?? '', /The spaces beside the commas and braces of "\{…\}" are part of the names it matches\. Without them: "pattern": "\{a,b\}"\./);
    });

    after(() => {
      // A hung engine was killed at the deadline; nothing it started may outlive it.
      assertNoProcessLeft([], scratch.root);
    });
  });

  it('a pattern or path of 150,000 segments gets a clear error or an empty answer, never a stack overflow', async () => {
    // Bug: segments were spread into one call (path.resolve(root, ...segments)), past the
    // arguments a call takes: "Maximum call stack size exceeded" instead of an answer.
    const deep = 'a/'.repeat(150_000);
    await rejectsWith(search(ws, { pattern: `${'../'.repeat(150_000)}x` }), 'invalidInput', /climbs above the directory searched/);
    // The workspace folder's own name in front is looked into on disk (pathAdvice.ts).
    await rejectsWith(search(ws, { pattern: '*', path: `ws/${deep}` }), 'pathNotFound', /does not exist/);
    const empty = await search(ws, { pattern: `${deep}x` });
    assert.equal(empty.total, 0);
  });

  it('an anchored pattern 1,000 and 2,000 directories deep gets a result or a model-actionable error', async () => {
    // Bug: the walk is narrowed with one negative --glob per literal directory level; at this
    // depth ripgrep fails with "error building NFA", or the arguments exceed the system's limit
    // ("spawn E2BIG"), neither of which tells the model anything it can do.
    for (const levels of [1000, 2000]) {
      const pattern = `${'a/'.repeat(levels)}x.ts`;
      try {
        const result = await search(ws, { pattern });
        assert.equal(result.total, 0);
        assert.match(result.text, /^No files match/);
      } catch (error) {
        const kind = (error as { kind?: string }).kind;
        assert.ok(kind === 'invalidInput' || kind === 'invalidGlob', `${levels} levels: ${String(error)}`);
      }
    }
  });

  it('a path that does not exist is refused, naming where it looked', async () => {
    await rejectsWith(
      search(ws, { pattern: '*', path: 'nope/deeper' }),
      'pathNotFound',
      new RegExp(`"path" "nope/deeper" does not exist \\(resolved to ${ws.root}/nope/deeper\\)\\. Give a directory that exists, or omit "path"`),
    );
    await rejectsWith(search(ws, { pattern: '*', path: `${ws.root}/absent` }), 'pathNotFound', /does not exist/);
  });

  it('a path that is a file is refused, with the directory and pattern that would find it', async () => {
    await rejectsWith(
      search(ws, { pattern: '*', path: 'sub/dir/c.ts' }),
      'pathNotDirectory',
      new RegExp(`is a file, not a directory\\. To find it, pass its directory as "path" \\(${ws.root}/sub/dir\\) and its name as "pattern" \\("\\.\\/c\\.ts"\\)`),
    );
  });

  it('a path that is a symbolic link to a directory in the workspace is searched as that directory', async () => {
    // As the directory it points to, so a link back up is no loop and links inside it are
    // followed as the settings say.
    assert.deepEqual(shown(await search(ws, { pattern: '*.ts', path: 'link-to-src' })), ['src/a.ts', 'src/b.ts']);
    assert.deepEqual(shown(await search(ws, { pattern: '*.ts', path: ws.path('link-to-src') })), ['src/a.ts', 'src/b.ts']);
  });

  it('a path that is a symbolic link loop is refused, not followed forever', async () => {
    await rejectsWith(search(ws, { pattern: '*', path: 'loop-a' }), 'pathNotFound', /"path" "loop-a" does not exist/);
  });

  it('a path with ".." that leaves the workspace is marked outside it and shown absolute', async () => {
    const folders = [{ name: 'ws', path: ws.root }];
    for (const path of ['../outside', 'sub/../../outside', `${ws.root}/../outside`]) {
      const request = await resolveRequest({ pattern: '*', path }, { folders });
      assert.equal(request.outsideWorkspace, true, path);
      const result = await search(ws, { pattern: '*.ts', path });
      assert.deepEqual(shown(result), [`${outside.root}/o/x.ts`], path);
    }
    // ".." that stays inside is inside.
    assert.equal((await resolveRequest({ pattern: '*', path: 'sub/..' }, { folders })).outsideWorkspace, false);
    assert.equal((await search(ws, { pattern: '*.ts', path: 'sub/..' })).total, 3);
  });

  it('a Windows-style path on POSIX is refused as a path that does not exist (a backslash is part of a name here)', async () => {
    for (const path of ['C:\\Users\\me\\project', 'sub\\dir', '\\\\server\\share']) {
      await rejectsWith(search(ws, { pattern: '*', path }), 'pathNotFound', /does not exist \(resolved to /);
    }
    // A backslash in the pattern escapes on POSIX: "src\*.ts" is the literal name "src*.ts".
    assert.equal((await search(ws, { pattern: 'src\\*.ts' })).total, 0);
    assert.equal((await search(ws, { pattern: 'C:/ws/src/*.ts' })).total, 0);
  });

  it('wrong JSON types from the model are refused, each saying what to send', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [42, /^The input must be a JSON object, not number 42\. The glob tool takes \{"pattern": string/],
      ['*.ts', /^The input must be a JSON object, not string "\*\.ts"/],
      [null, /^The input must be a JSON object, not null/],
      [['*.ts'], /^The input must be a JSON object, not an array/],
      [{}, /^"pattern" is required/],
      [{ pattern: 42 }, /^"pattern" must be a string, not number 42/],
      [{ pattern: ['*.ts', '*.js'] }, /^"pattern" must be a string, not an array/],
      [{ pattern: { glob: '*' } }, /^"pattern" must be a string, not an object/],
      [{ pattern: true }, /^"pattern" must be a string, not boolean true/],
      [{ pattern: '*', path: 7 }, /^"path" must be a string \(a directory\), not number 7\. Omit it/],
      [{ pattern: '*', path: ['src'] }, /^"path" must be a string \(a directory\), not an array/],
      [{ pattern: '*', includeIgnored: 'yes' }, /^"includeIgnored" must be true or false, not string "yes"/],
      [{ pattern: '*', includeIgnored: 1 }, /^"includeIgnored" must be true or false, not number 1/],
    ];
    for (const [input, message] of cases) {
      await rejectsWith(search(ws, input), 'invalidInput', message);
    }
  });

  it('an extra field is refused, naming it', async () => {
    await rejectsWith(search(ws, { pattern: '*', limit: 10 }), 'invalidInput', /^Unknown input field "limit"\. The glob tool takes/);
    await rejectsWith(search(ws, { pattern: '*', maxResults: 5, path: 'src' }), 'invalidInput', /^Unknown input field "maxResults"/);
  });

  it('an extra field named like an Object.prototype member is refused too', async () => {
    // Bug: input.ts tests `key in GLOB_INPUT_FIELDS`, and `in` looks along the prototype chain,
    // so "constructor", "toString", "__proto__" and the like pass as known fields.
    for (const field of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const input: unknown = JSON.parse(`{"pattern": "*", "${field}": 1}`);
      await rejectsWith(search(ws, input), 'invalidInput', new RegExp(`^Unknown input field "${field}"`));
    }
  });
});
