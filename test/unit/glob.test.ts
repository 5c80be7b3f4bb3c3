import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { glob, GlobError, resolveRequest, searchGlob, VSCODE_DEFAULT_RULES, type GlobOptions, type GlobResult, type RipgrepEvent } from '../../src/core';
import { DEFAULT_RULES } from '../../src/core/glob';
import { probeIgnored } from '../../src/core/emptyAnswer/ignoredProbe';
import { nearWholeWalkMs, probeNearMatches } from '../../src/core/emptyAnswer/nearMatches';
import { searchedDirectories } from '../../src/core/emptyAnswer/searchedDirectories';
import { statPool } from '../../src/core/walk/statPool';
import { nextSearches } from '../../src/vscode/nextSearches';
import { exists } from './helpers/processes';
import { withHome } from './helpers/home';
import { ManualTimer } from './helpers/manualTimer';
import { testRipgrep } from './helpers/ripgrep';
import { at, TempTree } from './helpers/tree';

/**
 * An empty answer's looks are bounded in time (a second by default): on a machine busy with other
 * work a look at these small trees could run past that and be cut, and an answer then says less.
 * Tests get a bound no look reaches, unless they set one to test the cut.
 */
const LOOKS_NEVER_CUT_MS = 60_000;

async function search(tree: TempTree, input: Record<string, unknown>, options: Partial<GlobOptions> = {}): Promise<GlobResult> {
  return glob(input, [{ name: 'ws', path: tree.root }], { ripgrepPath: await testRipgrep(), emptyProbeMs: LOOKS_NEVER_CUT_MS, ...options });
}

function topLevelName(path: string): string {
  return path.split('/')[0];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether `text` has `line`, where the two quoted names `pair` (next to each other in `line`) may
 * come in either order: examples and globs follow ripgrep's listing order, which the file system
 * and the number of walking threads decide.
 */
function hasLineInEitherOrder(text: string, line: string, pair: readonly [string, string]): boolean {
  const [first, second] = pair;
  const swapped = line.replace(`${first}, ${second}`, `${second}, ${first}`).replace(`${first},${second}`, `${second},${first}`);
  return text.split('\n').some((candidate) => candidate === line || candidate === swapped);
}

/**
 * The empty answer to `pattern` has `line` (its examples `pair` in either order); where the line
 * gives a pattern that finds files, that pattern finds some, and the answer gives no advice on
 * "**\/" beside it.
 */
async function assertEmptyAnswerHas(tree: TempTree, pattern: string, line: string, pair: readonly [string, string]): Promise<void> {
  const result = await search(tree, { pattern });
  assert.equal(result.total, 0, pattern);
  assert.ok(hasLineInEitherOrder(result.text, line, pair), `${pattern}:\n${result.text}`);
  const meant = /"pattern": "([^"]+)" finds (it|them)\./.exec(line)?.[1];
  if (meant !== undefined) {
    assert.ok((await search(tree, { pattern: meant })).total > 0, meant);
    assert.doesNotMatch(result.text, /At any depth|start it with/, pattern);
  }
}

async function rejectsWith(promise: Promise<unknown>, kind: string, text: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof GlobError, String(error));
    assert.equal(error.kind, kind);
    assert.match(error.message, text);
    return true;
  });
}

describe('glob with the real ripgrep: the unpacked-archive workspace (SPEC’s reproduction)', () => {
  // 24 top-level entries on disk: .git (VCS metadata), node_modules and dist (ignored), and 21
  // visible ones holding 716 files. An unpacked archive keeps its old times, so 580 of its files
  // sort before almost everything else; six other entries each have one even older file.
  const tree = new TempTree();
  const spillDirectory = new TempTree();
  const oldStarters = { LICENSE: 1, docs: 10, scripts: 5, tools: 5, config: 5, legacy: 10 };
  const newer: Record<string, number> = { src: 40, test: 20 };
  for (const name of ['api', 'web', 'cli', 'db', 'ops', 'ui']) {newer[name] = 4;}
  for (const name of ['i18n', 'assets', 'types', 'examples', 'bench']) {newer[name] = 3;}
  let result: GlobResult;

  before(async () => {
    for (let i = 0; i < 580; i += 1) {
      tree.write({ [`archive/pkg-${i % 12}/lib/file-${i}.js`]: at('2016-03-01', i * 60) });
    }
    let day = 0;
    for (const [name, count] of Object.entries(oldStarters)) {
      for (let i = 0; i < count; i += 1) {
        const path = count === 1 ? name : `${name}/file-${i}.txt`;
        // The first file of each is older than the archive; the rest are recent.
        tree.write({ [path]: i === 0 ? at('2015-01-01', day * 3600) : at('2024-05-01', day * 3600 + i) });
      }
      day += 1;
    }
    for (const [name, count] of Object.entries(newer)) {
      for (let i = 0; i < count; i += 1) {
        tree.write({ [`${name}/part-${i}.ts`]: at('2024-06-01', day * 3600 + i) });
      }
      day += 1;
    }
    tree.write({ '.gitignore': { mtime: at('2024-07-01'), content: 'node_modules/\ndist/\n' } });
    for (let i = 0; i < 50; i += 1) {tree.write({ [`node_modules/dep-${i}/index.js`]: at('2010-01-01', i) });}
    for (let i = 0; i < 10; i += 1) {tree.write({ [`dist/out-${i}.js`]: at('2010-01-01', i) });}
    tree.write({ '.git/HEAD': at('2010-01-01'), '.git/config': at('2010-01-01') });
    result = await search(tree, { pattern: '*' }, { spillDirectory: spillDirectory.root });
  });
  after(() => {
    tree.remove();
    spillDirectory.remove();
  });

  function spilledPaths(): string[] {
    assert.ok(result.spill?.saved);
    const lines = readFileSync(result.spill.path, 'utf8').split('\n');
    return lines.slice(lines.indexOf('') + 1).filter(Boolean);
  }

  it('counts every visible file and no ignored one', () => {
    assert.equal(result.total, 716);
    assert.equal(result.topLevel.entries.length, 21);
  });

  it('the oldest-first head would reach only 7 top-level entries; the page reaches all 21', () => {
    const paths = spilledPaths();
    assert.equal(paths.length, 716);
    const head = paths.slice(0, 100);
    assert.equal(new Set(head.map(topLevelName)).size, 7);
    assert.equal(result.page.length, 100);
    assert.equal(new Set(result.page.map((path) => topLevelName(path.shown))).size, 21);
    assert.equal(result.topLevel.reached, 21);
  });

  it('prints the page grouped by entry and says it is a sample, not the head', () => {
    const files = result.text.slice(result.text.indexOf('<files>\n') + 8, result.text.indexOf('\n</files>'));
    const groups = files.split('\n\n');
    assert.equal(groups.length, 21);
    for (const group of groups) {
      assert.equal(new Set(group.split('\n').map(topLevelName)).size, 1);
    }
    assert.match(result.text, /Showing 100 of 716 files matching "\*" in the workspace\./);
    assert.match(result.text, /sample taken round-robin across the top-level entries/);
    assert.match(result.text, /It is not the 100 oldest files/);
    assert.match(result.text, /reaches all 21 top-level entries\. Matches per entry: archive\/ 580 · src\/ 40 · test\/ 20 · docs\/ 10 · legacy\/ 10 · /);
    assert.match(result.text, /\+13 more\./);
    assert.match(result.text, /pass it as "path", for example "path": "archive"/);
    assert.match(result.text, /The complete list of 716 paths, oldest first, is saved in .*glob-.*\.txt/);
  });

  it('names the lines of the complete list that hold paths, the newest last', () => {
    assert.ok(result.spill?.saved);
    const match = /After a short header it holds one path per line, on lines (\d+) to ([\d,]+), so the newest files are on its last lines\.$/m.exec(result.text);
    assert.ok(match, result.text);
    const [first, last] = [Number(match[1]), Number(match[2].replace(/,/g, ''))];
    // Numbered from 1, as a file-reading tool numbers them.
    const lines = readFileSync(result.spill.path, 'utf8').split('\n');
    assert.deepEqual(lines.slice(first - 1, last), spilledPaths());
    assert.equal(lines[first - 2], '', 'the line before the first path ends the header');
    assert.equal(lines.length, last + 1, 'nothing follows the last path but its line break');
  });

  it('names the lines a cut list holds, and no newest files where the cut left them out', async () => {
    const lists = new TempTree();
    try {
      const cut = await search(tree, { pattern: '*' }, { spillDirectory: lists.root, spillLimits: { maxLists: 3, maxTotalBytes: 4_000 } });
      assert.ok(cut.spill?.saved && cut.spill.written < 716);
      const { written, pathLines } = cut.spill;
      assert.match(cut.text, new RegExp(`\\(cut at its size bound after ${written} paths\\): read it with a file-reading tool\\. After a short header it holds one path per line, on lines ${pathLines.first} to ${pathLines.last}\\.$`, 'm'));
      assert.doesNotMatch(cut.text, /newest files are on its last lines/);
      assert.equal(readFileSync(cut.spill.path, 'utf8').split('\n').slice(pathLines.first - 1, pathLines.last).join('\n'), spilledPaths().slice(0, written).join('\n'));
    } finally {
      lists.remove();
    }
  });

  it('orders the complete list by time over the whole tree, not per directory', () => {
    const paths = spilledPaths();
    const times = paths.map((path) => statSync(tree.path(path)).mtimeMs);
    for (let i = 1; i < times.length; i += 1) {
      assert.ok(times[i - 1] <= times[i], `${paths[i - 1]} before ${paths[i]}`);
    }
    assert.deepEqual(paths.slice(0, 6), ['LICENSE', 'docs/file-0.txt', 'scripts/file-0.txt', 'tools/file-0.txt', 'config/file-0.txt', 'legacy/file-0.txt']);
  });
});

describe('glob with the real ripgrep: order, ignores, names', () => {
  let tree: TempTree;
  beforeEach(() => {
    tree = new TempTree();
  });
  afterEach(() => tree.remove());

  it('shows a fitting result whole, oldest first, ties broken by path, with a one-line count', async () => {
    tree.write({ 'b.txt': at('2020-01-01'), 'a.txt': at('2020-01-01'), 'old.txt': at('2019-01-01'), 'z/new.txt': at('2021-01-01') });
    const result = await search(tree, { pattern: '*.txt' });
    assert.equal(result.text, '<files>\nold.txt\na.txt\nb.txt\nz/new.txt\n</files>\n4 files match "*.txt" in the workspace, oldest first.');
    assert.equal(result.sampled, false);
    assert.equal(result.complete, true);
    assert.equal(result.spill, null);
  });

  it('honours .gitignore outside a git repository, and includeIgnored lifts it', async () => {
    tree.write({ 'keep.js': 1, 'ignored/x.js': 2, 'debug.log': 3, 'node_modules/dep/index.js': 4 });
    writeFileSync(tree.path('.gitignore'), 'ignored/\n*.log\nnode_modules\n');
    const plain = await search(tree, { pattern: '*' });
    assert.deepEqual(plain.page.map((path) => path.shown).sort(), ['.gitignore', 'keep.js']);
    const lifted = await search(tree, { pattern: '*', includeIgnored: true });
    assert.deepEqual(lifted.page.map((path) => path.shown).sort(), ['.gitignore', 'debug.log', 'ignored/x.js', 'keep.js', 'node_modules/dep/index.js']);
  });

  it('stops a git repository\'s .gitignore at a repository nested in it, as git does, on every ripgrep', async () => {
    // Regression: told not to require a repository, ripgrep 15 hid inner/a.log and wt/b.log with
    // the outer *.log, where ripgrep 13 (and git, for which they are another repository's files)
    // listed them.
    mkdirSync(tree.path('.git'));
    tree.write({ 'top.log': 1, 'keep.js': 2, 'inner/a.log': 3, 'inner/c.tmp': 4, 'wt/b.log': 5, 'plain/d.log': 6 });
    mkdirSync(tree.path('inner/.git'));
    writeFileSync(tree.path('wt/.git'), 'gitdir: ../elsewhere\n');
    writeFileSync(tree.path('.gitignore'), '*.log\n');
    writeFileSync(tree.path('inner/.gitignore'), '*.tmp\n');
    const result = await search(tree, { pattern: '*' });
    assert.deepEqual(result.page.map((path) => path.shown).sort(), ['.gitignore', 'inner/.gitignore', 'inner/a.log', 'keep.js', 'wt/b.log']);
  });

  it('applies a .gitignore in a folder opened through a link from a git repository into none', async () => {
    // Regression: the repository was looked for above the link's own path, so ripgrep was left to
    // require one; it looks above the real path, found none, and applied no .gitignore at all.
    tree.write({ 'plain/a.log': 1, 'plain/b.ts': 2 });
    writeFileSync(tree.path('plain/.gitignore'), '*.log\n');
    mkdirSync(tree.path('repo/.git'), { recursive: true });
    symlinkSync(tree.path('plain'), tree.path('repo/link'));
    const result = await glob({ pattern: '*' }, [{ name: 'link', path: tree.path('repo/link') }], { ripgrepPath: await testRipgrep() });
    assert.deepEqual(result.page.map((path) => path.shown).sort(), ['.gitignore', 'b.ts']);
  });

  it('says how many ignored files an empty search would find with includeIgnored, and shows some', async () => {
    tree.write({ 'src/a.ts': 1, 'build/x.js': 2, 'build/y.js': 3, 'node_modules/dep/index.js': 4, 'node_modules/dep/lib/z.js': 5 });
    writeFileSync(tree.path('.gitignore'), 'build/\n');
    // Excludes count as hidden too (node_modules here), and the answer names both kinds.
    const rules = { excludeGlobs: ['**/node_modules'] };
    const events: RipgrepEvent[] = [];
    const some = await search(tree, { pattern: '*.js' }, { rules, onRipgrep: (event) => events.push(event) });
    assert.equal(some.total, 0);
    // The second walk is reported for the log like the search's own, and says what it is for
    // (beside it, the walk that counts what near patterns match: src/a.ts for "*.js").
    assert.deepEqual(
      events.filter((event) => event.purpose !== 'countNear').map((event) => [event.phase, event.purpose, event.matched]),
      [['start', undefined, undefined], ['end', undefined, 0], ['start', 'countIgnored', undefined], ['end', 'countIgnored', 4]],
    );
    // With where they lie, and examples from each entry (ripgrep walks one directory to its end
    // before the next, so the first three met would all lie in one).
    const line = /^- 4 files hidden by \.gitignore, \.ignore and \.rgignore files and by the files\.exclude and search\.exclude settings match \((build\/ 2 · node_modules\/ 2|node_modules\/ 2 · build\/ 2)\), such as "[^"]+\.js", "[^"]+\.js", "[^"]+\.js"\. Pass "includeIgnored": true to search them\.$/m.exec(some.text)?.[0];
    assert.ok(line, some.text);
    assert.match(line, /such as .*"build\//);
    assert.match(line, /such as .*"node_modules\//);
    const one = await search(tree, { pattern: 'y.js' }, { rules });
    assert.match(one.text, /- 1 file hidden by .* matches: "build\/y\.js"\. Pass "includeIgnored": true to search it\./);
    // The pattern matches where it is anchored, in ignored files: no advice to match it elsewhere.
    const anchored = await search(tree, { pattern: 'build/*.js' }, { rules });
    assert.match(anchored.text, /- 2 files hidden by .* match: "build\/[xy]\.js", "build\/[xy]\.js"\./);
    assert.doesNotMatch(anchored.text, /start it with "\*\*\/"/);
    // Past four entries, the rest are counted; the largest first.
    tree.write({ 'out/a.md': 6, 'out/b.md': 6, 'out/c.md': 6, 'out/d.md': 6, 'gen-1/a.md': 6, 'gen-2/a.md': 6, 'gen-3/a.md': 6, 'gen-4/a.md': 6, 'gen-5/a.md': 6 });
    writeFileSync(tree.path('.gitignore'), 'build/\nout/\ngen-*/\n');
    const spread = await search(tree, { pattern: '*.md' }, { rules });
    assert.match(spread.text, /- 9 files hidden by .* match \(out\/ 4 · (gen-[1-5]\/ 1 · ){2}gen-[1-5]\/ 1 · \+2 more\), such as /);
    // All in one entry, from a look that ended: said as a fact.
    const inOne = await search(tree, { pattern: 'out/*.md' }, { rules });
    assert.match(inOne.text, /- 4 files hidden by .* match, all in out\/, such as "out\/[a-d]\.md", /);
    const none = await search(tree, { pattern: '*.py' }, { rules });
    assert.match(none.text, /No file hidden by .* matches either, so "includeIgnored" would not help/);
    // Turned off: the plain advice.
    const off = await search(tree, { pattern: '*.js' }, { rules, emptyProbeMs: 0 });
    assert.match(off.text, /were not searched; pass "includeIgnored": true to search them too\./);
    // Out of time before any match (ripgrep cannot start, let alone walk, within a millisecond):
    // searched in part, not "not searched", nor "would not help".
    const cut = await search(tree, { pattern: '*.js' }, { rules, emptyProbeMs: 1 });
    assert.match(cut.text, /^- Files hidden by .* were searched only in part: the look at them stopped early, and none it reached matches\. Pass "includeIgnored": true to search them all\.$/m);
    // A search that found something never looks.
    let walks = 0;
    await search(tree, { pattern: '*.ts' }, { rules, onRipgrep: (event) => (walks += event.phase === 'start' ? 1 : 0) });
    assert.equal(walks, 1);
  });

  it('names ignored files with the name a pattern without wildcards gives and another extension', async () => {
    // Regression: "dist/index.mjs" where a git-ignored dist/index.js is got "2 files named index.*
    // lie elsewhere: src/index.ts ..." and "includeIgnored would not help".
    tree.write({ 'dist/index.js': 1, 'build/main.js': 2, 'src/index.ts': 3, 'src/main.ts': 4 });
    writeFileSync(tree.path('.gitignore'), 'dist/\nbuild/\n');
    for (const [pattern, file, meant] of [['dist/index.mjs', 'dist/index.js', 'dist/index.*'], ['build/main.ts', 'build/main.js', 'build/main.*']] as const) {
      const result = await search(tree, { pattern });
      assert.equal(result.total, 0, pattern);
      assert.ok(
        result.text.includes(
          `\n- No file hidden by .gitignore, .ignore and .rgignore files matches it, but 1 such file has the same name with another extension: "${file}". "pattern": "${meant}" with "includeIgnored": true finds it.\n`,
        ),
        result.text,
      );
      // Not the source files of that name elsewhere, nor what the pattern finds at any depth.
      assert.doesNotMatch(result.text, /lies? elsewhere|At any depth|would not help/, pattern);
      assert.deepEqual((await search(tree, { pattern: meant, includeIgnored: true })).page.map((path) => path.path), [file]);
    }
    // Where the listing found the name in another case only, an ignored one in the pattern's
    // own case is named too (regression: "out2/App" named out2/app.css and not out2/App.js).
    tree.write({ 'out2/App.js': 5, 'out2/app.css': 6 });
    writeFileSync(tree.path('.gitignore'), 'dist/\nbuild/\nout2/*.js\n');
    const cased = await search(tree, { pattern: 'out2/App' });
    assert.match(cased.text, /^- 1 file has the same name in another case and with any extension: "out2\/app\.css"\./m);
    assert.match(cased.text, /^- No file hidden by .* matches it, but 1 such file has the same name with another extension: "out2\/App\.js"\. "pattern": "out2\/App\.\*" with "includeIgnored": true finds it\.$/m);
  });

  it('names ignored files an anchored pattern with a missing directory matches at any depth', async () => {
    // Regression: "dist/*.js" in a monorepo whose only dist/ is packages/ui/dist/ (git-ignored) got
    // "At any depth it finds nothing either" and "includeIgnored would not help".
    tree.write({ 'packages/ui/dist/index.js': 1, 'src/index.ts': 2 });
    writeFileSync(tree.path('.gitignore'), 'packages/*/dist/\n');
    for (const pattern of ['dist/*.js', 'dist/index.js']) {
      const result = await search(tree, { pattern });
      assert.equal(result.total, 0, pattern);
      const meant = `**/${pattern}`;
      assert.ok(
        result.text.includes(
          `\n- No file hidden by .gitignore, .ignore and .rgignore files matches it, but at any depth 1 such file matches: "packages/ui/dist/index.js". "pattern": "${meant}" with "includeIgnored": true finds it.\n`,
        ),
        result.text,
      );
      assert.doesNotMatch(result.text, /At any depth it finds|would not help|lies? elsewhere/, pattern);
      assert.deepEqual((await search(tree, { pattern: meant, includeIgnored: true })).page.map((path) => path.path), ['packages/ui/dist/index.js']);
    }
    // The walk of the whole tree cut short says nothing of the pattern itself (under a missing
    // directory it matches nothing, ignored or not), but it leaves unknown what it matches at any
    // depth: regression, "would not help" sent a model to "**/dist/**/*.js" without the ignored
    // files, where all of them were.
    const cut = await search(tree, { pattern: 'nowhere/*.js' }, { emptyProbeMs: 1 });
    assert.match(
      cut.text,
      /^- No file hidden by .* matches it either, and the look for them at any depth \("\*\*\/nowhere\/\*\.js"\) stopped early, before it found one: with "includeIgnored": true that pattern searches them all\.$/m,
    );
    assert.doesNotMatch(cut.text, /would not help/);
    // Where it ended, finding none: it would not.
    const ended = await search(tree, { pattern: 'nowhere/*.js' });
    assert.match(ended.text, /No file hidden by .* matches either, so "includeIgnored" would not help\./);
    // Where the search's rules find some at any depth, those are named, not these.
    tree.write({ 'lib/dist/main.js': 3 });
    const visible = await search(tree, { pattern: 'dist/*.js' });
    assert.match(visible.text, /At any depth 1 file matches: "lib\/dist\/main\.js"/);
    assert.doesNotMatch(visible.text, /such file/);
  });

  it('looks at the top levels of the ignored files where the whole walk of them ran out of time', async () => {
    tree.write({ 'src/a.ts': 1, 'vendor/deep/a/b/c/d/e/x.d.ts': 2, 'vendor/top/y.d.ts': 3, 'vendor/top/a/z.d.ts': 4, 'vendor/top/a/b/w.d.ts': 5 });
    writeFileSync(tree.path('.gitignore'), 'vendor/\n');
    const request = await resolveRequest({ pattern: '*.d.ts' }, { folders: [{ name: basename(tree.root), path: tree.root }] });
    const options = { ripgrepPath: await testRipgrep(), rulesFor: () => DEFAULT_RULES, signal: new AbortController().signal, timeLimitMs: 30_000 };
    // The whole walk cut before it starts: the files of the top six levels, each counted once
    // though each level's walk lists the levels above it again, and "at least".
    const cut = await probeIgnored(request, { ...options, wholeWalkMs: 0 });
    assert.deepEqual(
      { count: cut?.count, complete: cut?.complete, first: cut?.first.map(({ name }) => name).sort() },
      { count: 3, complete: false, first: ['vendor/top/a/b/w.d.ts', 'vendor/top/a/z.d.ts', 'vendor/top/y.d.ts'] },
    );
    // With time for the whole walk, all of them, and no second walk.
    const events: RipgrepEvent[] = [];
    const whole = await probeIgnored(request, { ...options, onRipgrep: (event) => events.push(event) });
    assert.deepEqual({ count: whole?.count, complete: whole?.complete }, { count: 4, complete: true });
    assert.equal(events.filter((event) => event.phase === 'start').length, 1);
    // A file with the name given and another extension is counted once too, though each level's
    // walk lists it again.
    const named = await resolveRequest({ pattern: 'vendor/top/y.ts' }, { folders: [{ name: basename(tree.root), path: tree.root }] });
    const stems = await probeIgnored(named, { ...options, wholeWalkMs: 0, withSameStem: true });
    assert.deepEqual({ pattern: stems?.sameStem?.pattern, count: stems?.sameStem?.count }, { pattern: 'vendor/top/y.*', count: 1 });
  });

  it('walks the top levels for the near patterns too where the whole walk ran out of time', async () => {
    tree.write({ 'test/unit/b.ts': 1, 'lib/unit/c.ts': 2, 'deep/a/b/c/d/e/unit/x.ts': 3, 'src/a.ts': 4 });
    const request = await resolveRequest({ pattern: 'unit/*.ts' }, { folders: [{ name: basename(tree.root), path: tree.root }] });
    const options = { ripgrepPath: await testRipgrep(), rulesFor: () => DEFAULT_RULES, signal: new AbortController().signal, timeLimitMs: 30_000 };
    const anyDepth = async (wholeWalkMs?: number): Promise<unknown> => {
      const { anyDepth: found } = await probeNearMatches(request, { ...options, ...(wholeWalkMs === undefined ? {} : { wholeWalkMs }) });
      return { pattern: found?.pattern, count: found?.count, complete: found?.complete, first: found?.first.map(({ name }) => name).sort() };
    };
    // Cut before it starts: what the top six levels hold, and "at least" (not what the whole has).
    assert.deepEqual(await anyDepth(0), { pattern: '**/unit/*.ts', count: 2, complete: false, first: ['lib/unit/c.ts', 'test/unit/b.ts'] });
    assert.deepEqual(await anyDepth(), { pattern: '**/unit/*.ts', count: 3, complete: true, first: ['deep/a/b/c/d/e/unit/x.ts', 'lib/unit/c.ts', 'test/unit/b.ts'] });
  });

  it('gives the near walk the whole time, with no turn to the top levels, where the search walked the same ground well within it', () => {
    // The search took 0.5 s of a 1 s bound, walking what the near walk walks: it will end.
    assert.equal(nearWholeWalkMs({ searchMs: 500, timeLimitMs: 1_000, sameWalk: true }), 1_000);
    // Too near the bound, unknown, or narrowed to directories the near walk leaves: the default share.
    assert.equal(nearWholeWalkMs({ searchMs: 900, timeLimitMs: 1_000, sameWalk: true }), undefined);
    assert.equal(nearWholeWalkMs({ searchMs: undefined, timeLimitMs: 1_000, sameWalk: true }), undefined);
    assert.equal(nearWholeWalkMs({ searchMs: 5, timeLimitMs: 1_000, sameWalk: false }), undefined);
  });

  it('stops counting ignored matches at 1,000 and says "at least"', async () => {
    const files: Record<string, number> = { 'src/a.ts': 1 };
    for (let i = 0; i < 1_200; i += 1) {
      files[`vendor/pkg-${i % 7}/f-${i}.js`] = 2;
    }
    tree.write(files);
    writeFileSync(tree.path('.gitignore'), 'vendor/\n');
    const events: RipgrepEvent[] = [];
    const many = await search(tree, { pattern: '*.js' }, { onRipgrep: (event) => events.push(event) });
    assert.equal(many.total, 0);
    // Where they lie, as far as the look went: it stopped at 1,000, and other entries may hold more.
    assert.match(many.text, /- At least 1,000 files hidden by \.gitignore, \.ignore and \.rgignore files match, all found so far in vendor\/, such as "vendor\/[^"]+\.js", /);
    // The walk was ended there, not run to its end.
    const counted = events.find((event) => event.phase === 'end' && event.purpose === 'countIgnored');
    assert.equal(counted?.matched, 1_000);
  });

  it('never lets the pattern lift an ignore rule (ripgrep’s --glob would)', async () => {
    tree.write({ 'node_modules/dep/index.js': 1, 'src/a.js': 2, 'build/out.js': 3 });
    writeFileSync(tree.path('.ignore'), 'node_modules\n');
    writeFileSync(tree.path('.rgignore'), 'build/\n');
    assert.deepEqual((await search(tree, { pattern: '*.js' })).page.map((path) => path.shown), ['src/a.js']);
    assert.equal((await search(tree, { pattern: 'node_modules/**' })).total, 0);
    assert.equal((await search(tree, { pattern: '*', path: 'node_modules' })).total, 0);
    assert.equal((await search(tree, { pattern: 'index.js' })).total, 0);
    assert.equal((await search(tree, { pattern: 'build/out.js' })).total, 0);
  });

  it('lets ripgrep leave out names that cannot match, and finds exactly what the listing of every name finds', async () => {
    tree.write({
      'keep.ts': 1, 'src/a.ts': 2, 'src/deep/b.d.ts': 3, 'Upper.TS': 4, 'notes.txt': 5, 'src/c.js': 6, 'colon:x.ts': 7,
      'ignored/d.ts': 8, 'node_modules/dep/e.ts': 9, 'star*.md': 10, 'README.md': 11, 'docs/readme.md': 12,
      'my file.txt': 13, 'a,b.txt': 14, '!bang.md': 15, 'über.md': 16,
    });
    for (let i = 0; i < 40; i += 1) {
      tree.write({ [`src/other-${i}.txt`]: 20 + i });
    }
    writeFileSync(tree.path('.gitignore'), 'ignored/\nnode_modules\n');
    const walk = async (input: Record<string, unknown>, statMode: 'pool' | 'adaptive'): Promise<{ result: GlobResult; end: RipgrepEvent }> => {
      const events: RipgrepEvent[] = [];
      const result = await search(tree, input, { statMode, maxResults: 1000, emptyProbeMs: 0, onRipgrep: (event) => events.push(event) });
      const end = events.find((event) => event.phase === 'end');
      assert.ok(end);
      return { result, end };
    };
    // Every name ripgrep lists without a type: the files but the two ignored ones, and .gitignore.
    assert.equal((await walk({ pattern: '*' }, 'pool')).end.listed, 55);
    for (const [pattern, sievedTo] of [
      ['*.ts', 5], ['keep.ts', 1], ['src/**/*.ts', 2], ['*.d.ts', 1], ['readme.md', 2], ['README.md', 2], ['*.TS', 5],
      ['my file.txt', 1], ['*,b.txt', 1], ['\\!bang.md', 1], ['*ber.md', 1],
      // Outside ASCII, only the ending after the last such character, which every form of a name shares.
      ['*über.md', 1],
      // Globs of other shapes, by the literal text they end with.
      ['[ab].ts', 5], ['*/deep/*.ts', 5], ['s?c/**/b.d.ts', 1],
      // No type: braces, a class, a colon or a star in the ending, no fixed ending at all.
      ['*.{ts,js}', undefined], ['*.t[s]', undefined], ['*:x.ts', undefined], ['star\\*.md', undefined], ['*', undefined],
      // A stem outside ASCII, whose names may be written in another normalization form.
      ['über.md', undefined],
      // Longer than any file name: left to the pattern.
      [`${'x'.repeat(300)}.ts`, undefined],
    ] as const) {
      const sieved = await walk({ pattern }, 'pool');
      // The same glob in braces (its commas escaped) has no fixed ending for the engine, so
      // ripgrep lists every name.
      const braced = sievedTo === undefined ? pattern : `{${pattern.replaceAll(',', '\\,')}}`;
      const whole = await walk({ pattern: braced }, 'pool');
      assert.equal(whole.end.command.includes('--type-add'), false, pattern);
      assert.equal(sieved.end.command.includes('--type-add'), sievedTo !== undefined, pattern);
      assert.equal(sieved.end.listed, sievedTo ?? whole.end.listed, pattern);
      assert.ok(sievedTo === undefined || (whole.end.listed ?? 0) > sievedTo, pattern);
      assert.deepEqual(sieved.result.page.map((path) => path.path), whole.result.page.map((path) => path.path), pattern);
      const quoted = (text: string): string => JSON.stringify(text).slice(1, -1);
      assert.equal(sieved.result.text, whole.result.text.replaceAll(quoted(braced), quoted(pattern)), pattern);
    }
    // Ignored files stay out with the type, and includeIgnored still lists them.
    const lifted = await walk({ pattern: '*.ts', includeIgnored: true }, 'pool');
    assert.deepEqual(lifted.result.page.map((path) => path.path).sort(), ['colon:x.ts', 'ignored/d.ts', 'keep.ts', 'node_modules/dep/e.ts', 'src/a.ts', 'src/deep/b.d.ts']);
  });

  it('finds a file whose name ends in ".", which no ripgrep type lets through, with or without the stat pool', async () => {
    // Regression: "etc." and, with the pool, "*!." found nothing: ripgrep finds no file name in a
    // path ending in "." and turns it away once a type is selected.
    tree.write({ 'etc.': 1, 'x!.': 2, 'a/b.': 3, 'keep.ts': 4 });
    for (const statMode of ['pool', 'adaptive'] as const) {
      for (const [pattern, found] of [
        ['etc.', ['etc.']],
        ['a/b.', ['a/b.']],
        ['*!.', ['x!.']],
        ['*.', ['etc.', 'x!.', 'a/b.']],
      ] as const) {
        const result = await search(tree, { pattern }, { statMode });
        assert.deepEqual(result.page.map((path) => path.path), found, `${pattern} (${statMode})`);
      }
    }
  });

  it('finds hidden files and directories but never VCS metadata', async () => {
    tree.write({ '.github/workflows/ci.yml': 1, '.env': 2, '.git/config': 3, 'sub/.hg/hgrc': 4, 'sub/.svn/entries': 5 });
    const result = await search(tree, { pattern: '*', includeIgnored: true });
    assert.deepEqual(result.page.map((path) => path.shown).sort(), ['.env', '.github/workflows/ci.yml']);
  });

  it('keeps a newline and bytes that are not UTF-8 in names, escaped and counted', async () => {
    tree.writeFile('line\nbreak.txt', { mtime: 1 });
    tree.writeFile(Buffer.concat([Buffer.from('bad-'), Buffer.from([0xff]), Buffer.from('.txt')]), { mtime: 2 });
    tree.writeFile('plain.txt', { mtime: 3 });
    const result = await search(tree, { pattern: '*.txt' });
    assert.equal(result.total, 3);
    assert.deepEqual(result.page.map((path) => path.shown), ['"line\\nbreak.txt"', '"bad-\\xff.txt"', 'plain.txt']);
    assert.ok(Buffer.isBuffer(result.page[1].absolutePath));
    assert.equal(result.text.split('\n').length, 6);
  });

  it('quotes names a reader would misread, on the page and in the complete list', async () => {
    // Regression: "notes.md " (a trailing space) was listed as notes.md, a file that does not
    // exist, and a right-to-left override turned the rest of its line around.
    tree.write({ 'notes.md ': 1, 'a\u202edm.txt': 2, 'plain.md': 3, 'x.md': 4 });
    const lists = new TempTree();
    try {
      const result = await search(tree, { pattern: '*' }, { maxResults: 2, spillDirectory: lists.root });
      assert.deepEqual(result.page.map((path) => path.shown), ['"notes.md "', '"a\\u202edm.txt"']);
      assert.ok(result.spill?.saved);
      const lines = readFileSync(result.spill.path, 'utf8').split('\n');
      assert.deepEqual(lines.slice(-5), ['"notes.md "', '"a\\u202edm.txt"', 'plain.md', 'x.md', '']);
    } finally {
      lists.remove();
    }
  });

  it('counts a name that is not UTF-8 in the entry of its plain siblings', async () => {
    // Regression: "a/\xff.ts" made an entry of its own ("a/" quoted), which took b/'s place on
    // the page and told the model that b/ was not on it.
    tree.write({ 'a/1.ts': 1, 'b/2.ts': 3 });
    tree.writeFile(Buffer.concat([Buffer.from('a/'), Buffer.from([0xff]), Buffer.from('.ts')]), { mtime: 2 });
    mkdirSync(Buffer.concat([Buffer.from(tree.path('c')), Buffer.from([0xfe])]));
    tree.writeFile(Buffer.concat([Buffer.from('c'), Buffer.from([0xfe]), Buffer.from('/3.ts')]), { mtime: 4 });
    const result = await search(tree, { pattern: '*.ts' }, { maxResults: 3 });
    assert.deepEqual(result.page.map((path) => path.shown), ['a/1.ts', 'b/2.ts', '"c\\xfe/3.ts"']);
    assert.equal(result.sampled, true);
    assert.deepEqual(result.topLevel.entries.map((entry) => [entry.label, entry.count]), [['a/', 2], ['b/', 1], ['"c\\xfe/"', 1]]);
  });

  it('anchors a pattern with a slash to an explicit path', async () => {
    tree.write({ 'pkg/src/a.ts': 1, 'pkg/src/deep/b.ts': 2, 'src/c.ts': 3, 'pkg/other/src/d.ts': 4 });
    const result = await search(tree, { pattern: 'src/*.ts', path: 'pkg' });
    assert.deepEqual(result.page.map((path) => path.shown), ['pkg/src/a.ts']);
    const deep = await search(tree, { pattern: 'src/', path: 'pkg' });
    assert.deepEqual(deep.page.map((path) => path.shown), ['pkg/src/a.ts', 'pkg/src/deep/b.ts']);
  });

  it('samples relative to an explicit path: entries are its children', async () => {
    for (let i = 0; i < 30; i += 1) {
      tree.write({ [`pkg/big/f-${i}.txt`]: i, [`pkg/small-${i % 3}/g-${i}.txt`]: 100 + i, [`elsewhere/h-${i}.txt`]: i });
    }
    const result = await search(tree, { pattern: '*.txt', path: 'pkg' }, { maxResults: 10 });
    assert.equal(result.total, 60);
    assert.deepEqual(result.topLevel.entries.map((entry) => entry.label), ['pkg/big/', 'pkg/small-0/', 'pkg/small-1/', 'pkg/small-2/']);
    assert.equal(result.topLevel.reached, 4);
    const narrow = await search(tree, { pattern: '*.txt', path: 'pkg' }, { maxResults: 3 });
    // The example is the entry left out (the largest, pkg/big/, is on the page already).
    assert.match(narrow.text, /There are more top-level entries \(4\) than paths on a page \(3\), so 1 entry is not on it at all \(pkg\/small-2\/ 10\): pass one entry as "path" to look inside it, for example "path": "pkg\/small-2"\./);
    // The complete list's header names the directory searched, as well as the root its lines are read from.
    const lists = new TempTree();
    try {
      const saved = await search(tree, { pattern: '*.txt', path: 'pkg' }, { maxResults: 3, spillDirectory: lists.root });
      assert.ok(saved.spill?.saved);
      assert.ok(readFileSync(saved.spill.path, 'utf8').includes(`\n# searched: ${JSON.stringify([tree.path('pkg')])}\n`));
      const whole = await search(tree, { pattern: '*.txt' }, { maxResults: 3, spillDirectory: lists.root });
      assert.ok(whole.spill?.saved);
      assert.doesNotMatch(readFileSync(whole.spill.path, 'utf8'), /# searched/);
    } finally {
      lists.remove();
    }
  });

  it('names the entries a page leaves out, largest first, so none goes unseen', async () => {
    // Regression: "+N more" after the largest entries left the small ones a page had no slot
    // for unnamed anywhere; a model describing the project never learnt they exist.
    const wide = new TempTree();
    try {
      for (let i = 0; i < 20; i += 1) {
        for (let j = 0; j <= i; j += 1) {
          wide.write({ [`e${String(i).padStart(2, '0')}/f-${j}.txt`]: 100 * i + j });
        }
      }
      const result = await search(wide, { pattern: '*' }, { maxResults: 5 });
      const missing = result.topLevel.entries.filter((entry) => entry.onPage === 0).sort((a, b) => b.count - a.count);
      assert.equal(missing.length, 15);
      const named = missing.slice(0, 12).map((entry) => `${entry.label} ${entry.count}`).join(' · ');
      assert.ok(result.text.includes(`so 15 entries are not on it at all (${named} · +3 more): pass one entry`), result.text);
      assert.match(named, /^e19\/ 20 · e18\/ 19 · /);
    } finally {
      wide.remove();
    }
  });

  it('says a page over the cap is the oldest files when the round robin picks exactly those', async () => {
    // Regression: such a page was called a sample that "is not the 3 oldest files", which was
    // false, and a flat one got a blank line between every path.
    const lists = new TempTree();
    try {
      tree.write({ 'e.txt': 5, 'c.txt': 3, 'a.txt': 1, 'd.txt': 4, 'b.txt': 2 });
      const flat = await search(tree, { pattern: '*' }, { maxResults: 3, spillDirectory: lists.root });
      assert.equal(flat.sampled, false);
      assert.ok(flat.text.startsWith('<files>\na.txt\nb.txt\nc.txt\n</files>\nShowing the 3 oldest of 5 files matching "*" in the workspace, oldest first.\n'), flat.text);
      assert.match(flat.text, /Every match is a file directly in the workspace/);
      assert.doesNotMatch(flat.text, /It is not the|"path"/);
      assert.ok(flat.spill?.saved, 'the complete list is saved: the page does not hold it all');
    } finally {
      lists.remove();
    }
  });

  it('does not send a sampled page to a complete list that was not saved', async () => {
    // Regression: "it cannot tell which files are oldest or newest. The complete list can." came
    // two lines before "The complete list could not be saved (…)": the model was sent to a list
    // that does not exist.
    tree.write({ 'a/1.txt': 1, 'a/2.txt': 2, 'b/3.txt': 3 });
    const lists = new TempTree();
    try {
      lists.write({ 'not-a-directory': 1 });
      const failed = await search(tree, { pattern: '*.txt' }, { maxResults: 2, spillDirectory: lists.path('not-a-directory/lists') });
      assert.equal(failed.sampled, true);
      assert.equal(failed.spill?.saved, false);
      assert.match(failed.text, /^The complete list could not be saved \(/m);
      assert.doesNotMatch(failed.text, /The complete list can\./);
      const unsaved = await search(tree, { pattern: '*.txt' }, { maxResults: 2 });
      assert.match(unsaved.text, /^The complete list was not saved\.$/m);
      assert.doesNotMatch(unsaved.text, /The complete list can\./);
      const saved = await search(tree, { pattern: '*.txt' }, { maxResults: 2, spillDirectory: lists.path('lists') });
      assert.match(saved.text, /it cannot tell which files are oldest or newest\. The complete list can\.$/m);
    } finally {
      lists.remove();
    }
  });

  it('quotes an entry whose name holds the " · " that separates the counts', async () => {
    // Regression: "Matches per entry: a · b/ 2 · c/ 1" read as three entries, "a" without a count.
    tree.write({ 'a · b/1.txt': 1, 'a · b/2.txt': 2, 'c/3.txt': 3 });
    const result = await search(tree, { pattern: '*' }, { maxResults: 1 });
    assert.match(result.text, /Matches per entry: "a · b\/" 2 · c\/ 1\./);
  });

  it('names the directory searched as the page shows its paths, so a newline in its name breaks no line', async () => {
    // Regression: 'Showing the 2 oldest of 3 files matching "*" in new' and 'line/, oldest
    // first.' were two lines of the footer, the name's newline printed as it is.
    tree.write({ 'new\nline/a.txt': 1, 'new\nline/b.txt': 2, 'new\nline/c.txt': 3 });
    const result = await search(tree, { pattern: '*', path: 'new\nline' }, { maxResults: 2 });
    assert.match(result.text, /^Showing the 2 oldest of 3 files matching "\*" in "new\\nline\/", oldest first\.$/m);
    assert.match(result.text, /^Every match is a file directly in "new\\nline\/", so each is a top-level entry of its own/m);
  });

  it('names a directory inside the one entry as the page shows its paths', async () => {
    // Regression: "They all lie directly in top/tab" and the rest of the line after a real tab,
    // and "spread inside top/new" broke the line before "line/".
    tree.write({ 'top/tab\tdir/a.y': 1, 'top/tab\tdir/b.y': 2, 'top/tab\tdir/c.y': 3 });
    tree.write({ 'top/new\nline/a.x': 4, 'top/new\nline/one/b.x': 5, 'top/new\nline/two/c.x': 6 });
    const flat = await search(tree, { pattern: '*.y' }, { maxResults: 2 });
    assert.match(flat.text, / They all lie directly in "top\/tab\\tdir\/", so a round robin inside it would pick the same files\.$/m);
    const spread = await search(tree, { pattern: '*.x' }, { maxResults: 2 });
    assert.match(spread.text, / To see how they spread inside "top\/new\\nline\/", pass it as "path": "top\/new\\nline"\.$/m);
    const named = await search(tree, { pattern: 'top/tab\tdir/*.y' }, { maxResults: 2 });
    assert.match(named.text, / They all lie directly in "top\/tab\\tdir\/", so a round robin inside it would pick the same files\.$/m);
    const under = await search(tree, { pattern: 'top/new\nline/**' }, { maxResults: 2 });
    assert.match(under.text, / To see how they spread inside "top\/new\\nline\/", pass "path": "top\/new\\nline", "pattern": "\*"\.$/m);
  });

  it('says so under one top-level entry, and when every entry starts among the oldest', async () => {
    tree.write({ 'pkg/a/1.txt': 1, 'pkg/b/2.txt': 2, 'pkg/3.txt': 3, 'pkg/a/4.txt': 4 });
    const one = await search(tree, { pattern: '*' }, { maxResults: 2 });
    assert.equal(one.sampled, false);
    assert.deepEqual(one.page.map((path) => path.shown), ['pkg/a/1.txt', 'pkg/b/2.txt']);
    assert.match(one.text, /All of them are under one top-level entry, pkg\/: .* To see how they spread inside it, pass it as "path": "pkg"\./);
    // Three entries: a/ (times 1 and 4), b/ (2) and 5.txt. Two slots go to a/1 and b/2, the two
    // oldest; a third goes to 5.txt, the third entry's first file, before a/4: a sample.
    tree.write({ 'x/a/1.txt': 1, 'x/b/2.txt': 2, 'x/a/4.txt': 4, 'x/5.txt': 5 });
    const two = await search(tree, { pattern: '*', path: 'x' }, { maxResults: 2 });
    assert.equal(two.sampled, false);
    assert.match(two.text, /picks these same files here, so the page is simply the 2 oldest\.\nThe page reaches 2 of 3 top-level entries\./);
    const three = await search(tree, { pattern: '*', path: 'x' }, { maxResults: 3 });
    assert.equal(three.sampled, true);
    assert.match(three.text, /It is not the 3 oldest files/);
    // Regression: under one entry whose matches all lie deeper, the advice went one level at a
    // time ("pass it as path": "chain", then "chain/src", ...), each call spreading nothing. The
    // matches say where: all directly in one directory, or all under one deeper down.
    for (let i = 0; i < 6; i += 1) {
      tree.write({ [`chain/src/deep/f-${i}.ts`]: 10 + i, [`fork/src/${i % 2 === 0 ? 'a' : 'b'}/g-${i}.ts`]: 20 + i });
    }
    const flat = await search(tree, { pattern: '*.ts', path: 'chain' }, { maxResults: 2 });
    assert.match(flat.text, /All of them are under one top-level entry, chain\/src\/: .* They all lie directly in chain\/src\/deep\/, so a round robin inside it would pick the same files\./);
    const fork = await search(tree, { pattern: '*.ts', path: 'fork' }, { maxResults: 2 });
    assert.match(fork.text, /All of them are under one top-level entry, fork\/src\/: .* To see how they spread inside it, pass it as "path": "fork\/src"\./);
    // Files deep down met first, then one directly in the entry: not all in one directory.
    tree.write({ 'lone/src/deep/f-0.ts': 30, 'lone/src/deep/f-1.ts': 31, 'lone/src/h.ts': 32 });
    const lone = await search(tree, { pattern: '*.ts', path: 'lone' }, { maxResults: 2 });
    assert.match(lone.text, /All of them are under one top-level entry, lone\/src\/: .* To see how they spread inside it, pass it as "path": "lone\/src"\./);
    // "**/name" reads the same from any directory: the deepest one at once too.
    tree.write({ 'two/src/x/a/k.ts': 40, 'two/src/x/b/l.ts': 41, 'two/src/x/b/m.ts': 42 });
    const starred = await search(tree, { pattern: '**/*.ts', path: 'two' }, { maxResults: 2 });
    assert.match(starred.text, /All of them are under one top-level entry, two\/src\/: .* To see how they spread inside two\/src\/x\/, pass it as "path": "two\/src\/x"\./);
    const onlyFork = await search(tree, { pattern: 'g-*.ts' }, { maxResults: 2 });
    assert.match(onlyFork.text, /All of them are under one top-level entry, fork\/: .* To see how they spread inside fork\/src\/, pass it as "path": "fork\/src"\./);
  });

  it('never offers a file as "path": the advice names the largest directory', async () => {
    // Four files directly in the root come first, then one directory with two files: the first
    // entries by count and age are files, which "path" cannot take.
    tree.write({ 'f1.txt': 1, 'f2.txt': 2, 'f3.txt': 3, 'f4.txt': 4, 'd/g.txt': 5, 'd/h.txt': 6 });
    const result = await search(tree, { pattern: '*' }, { maxResults: 3 });
    assert.match(result.text, /^The page reaches 3 of 5 top-level entries\. Matches per entry: d\/ 2 · f1\.txt 1 · f2\.txt 1 · f3\.txt 1 · f4\.txt 1\.$/m);
    assert.match(result.text, /so 2 entries are not on it at all \(d\/ 2 · f4\.txt 1\): pass one entry as "path" to look inside it, for example "path": "d"\./);
  });

  it('says the page reaches both top-level entries where there are two, not "all 2"', async () => {
    tree.write({ 'a/1.txt': 1, 'a/2.txt': 2, 'b/3.txt': 3, 'b/4.txt': 4 });
    const result = await search(tree, { pattern: '*' }, { maxResults: 3 });
    assert.match(result.text, /^The page reaches both top-level entries\. Matches per entry: a\/ 2 · b\/ 2\.$/m);
  });

  it('says every entry holds one match instead of listing each with its 1, and offers no "path" that would show one file', async () => {
    // An agent's finding: on a folder of 125 entries of one file each, the footer listed twenty
    // of them each with "1", and offered one of them as "path", which shows that one file.
    tree.write({ 'f1.txt': 1, 'f2.txt': 2, 'd1/a.txt': 3, 'd2/b.txt': 4, 'd3/c.txt': 5 });
    const result = await search(tree, { pattern: '*' }, { maxResults: 3 });
    assert.match(result.text, /^The page reaches 3 of 5 top-level entries\. Every entry holds 1 match\.$/m);
    // Named all the same: a model that describes the project from the page would not know of them.
    assert.match(result.text, /^There are more top-level entries \(5\) than paths on a page \(3\), so 2 entries are not on it at all, each with 1 match \(d2\/ · d3\/\)\.$/m);
    const one = await search(tree, { pattern: '*' }, { maxResults: 4 });
    assert.match(one.text, /^There are more top-level entries \(5\) than paths on a page \(4\), so 1 entry is not on it at all, with 1 match \(d3\/\)\.$/m);
    assert.doesNotMatch(`${result.text}${one.text}`, /"path"/);
  });

  it('offers as "path" a directory with files off the page, not one left off that holds one match', async () => {
    // From a review: with big/ partly on the page and c/ and d/ of one file each left off, the
    // advice offered c/ (one file as "path"), then nothing, though big/ has three files off it.
    tree.write({ 'big/1.ts': 1, 'big/2.ts': 2, 'big/3.ts': 3, 'big/4.ts': 4, 'e.ts': 5, 'c/x.ts': 6, 'd/y.ts': 7 });
    const result = await search(tree, { pattern: '*' }, { maxResults: 2 });
    assert.deepEqual(result.page.map((path) => path.shown), ['big/1.ts', 'e.ts']);
    assert.match(result.text, /so 2 entries are not on it at all, each with 1 match \(c\/ · d\/\): pass one entry as "path" to look inside it, for example "path": "big"\.$/m);
  });

  it('never offers as "path" a directory whose name is not UTF-8, which "path" cannot name', async () => {
    // Regression: the advice read "path": "\"bad\\xff/\"", its quoted form.
    const bad = Buffer.concat([Buffer.from('bad'), Buffer.from([0xff])]);
    // The helper makes the parent of string names only.
    mkdirSync(Buffer.concat([Buffer.from(`${tree.root}/`), bad]));
    for (let i = 0; i < 5; i += 1) {
      tree.writeFile(Buffer.concat([bad, Buffer.from(`/f${i}`)]), { mtime: i + 1 });
    }
    tree.write({ 'ok/x': 10, 'ok/y': 11, 'ok/z': 12 });
    const result = await search(tree, { pattern: '*' }, { maxResults: 2 });
    assert.match(result.text, /To see more of one entry, pass it as "path", for example "path": "ok"\./);
    assert.doesNotMatch(result.text, /"path": "\\"/);
  });

  it('offers as "path" a largest entry that has files off the page, where the first of equal size is all on it', async () => {
    // Regression: a/, b/ and c/ hold 2 files each and the page of 4 holds both of a/'s; the
    // advice looked at a/ alone, found nothing more to see in it, and was left out, though b/
    // and c/ each have a file the page does not show.
    tree.write({ 'a/1.txt': 1, 'a/2.txt': 2, 'b/3.txt': 3, 'b/4.txt': 4, 'c/5.txt': 5, 'c/6.txt': 6 });
    const result = await search(tree, { pattern: '*' }, { maxResults: 4 });
    assert.deepEqual(result.page.map((path) => path.shown), ['a/1.txt', 'a/2.txt', 'b/3.txt', 'c/5.txt']);
    assert.match(result.text, /^To see more of one entry, pass it as "path", for example "path": "b"\.$/m);
  });

  it('shows paths outside the workspace absolute, grouped by their first segment below the root', async () => {
    const outside = new TempTree();
    try {
      for (let i = 0; i < 6; i += 1) {
        outside.write({ [`one/a-${i}.txt`]: i, [`two/b-${i}.txt`]: 10 + i });
      }
      const result = await search(tree, { pattern: '*.txt', path: outside.root }, { maxResults: 4 });
      assert.deepEqual(result.topLevel.entries.map((entry) => entry.label), [`${outside.root}/one/`, `${outside.root}/two/`]);
      assert.deepEqual(result.page.map((path) => path.shown), [`${outside.root}/one/a-0.txt`, `${outside.root}/one/a-1.txt`, `${outside.root}/two/b-0.txt`, `${outside.root}/two/b-1.txt`]);
    } finally {
      outside.remove();
    }
  });

  it('keeps a backslash in a "path" as part of the name where it is no separator', async function () {
    // Regression: "path": "back\\slash" listed back/slash/m.ts, a path that does not exist.
    if (process.platform === 'win32') {
      this.skip();
    }
    tree.write({ 'back\\slash/m.ts': 1, 'back\\slash/sub/n.ts': 2 });
    for (const path of ['back\\slash', `${tree.root}/back\\slash`]) {
      const result = await search(tree, { pattern: '*.ts', path });
      assert.deepEqual(result.page.map((page) => page.path), ['back\\slash/m.ts', 'back\\slash/sub/n.ts']);
      assert.ok(result.page.every((page) => existsSync(page.absolutePath)), 'every listed path exists');
      assert.match(result.text, /^<files>\n"/, 'a backslash in a shown path is quoted (SPEC §5)');
    }
  });

  it('splits an absolute pattern inside the workspace into root and anchored pattern', async () => {
    tree.write({ 'src/a.ts': 1, 'src/sub/b.ts': 2, 'a.ts': 3 });
    const result = await search(tree, { pattern: `${tree.root}/src/*.ts` });
    assert.deepEqual(result.page.map((path) => path.shown), ['src/a.ts']);
    const top = await search(tree, { pattern: `${tree.root}/*.ts` });
    assert.deepEqual(top.page.map((path) => path.shown), ['a.ts']);
    // Negated too (regression: "!/…/src/" was left whole, matched nothing, and so listed every file).
    const notSrc = await search(tree, { pattern: `!${tree.root}/src/` });
    assert.deepEqual(notSrc.page.map((path) => path.shown), ['a.ts']);
    // Named as the caller wrote it, not as the anchored rest it is matched as.
    assert.equal(result.pattern, `${tree.root}/src/*.ts`);
    assert.ok(result.text.includes(`1 file matches "${tree.root}/src/*.ts" in the workspace`), result.text);
  });

  it('names the one folder of several an absolute pattern searched, and offers patterns written from it', async () => {
    // From a review: in a workspace of two folders, "<two>/*.MD" said "in the workspace" and
    // offered "pattern": "/*.md" for the files in another case; followed, that searched both
    // folders and found twice as many.
    const other = new TempTree();
    try {
      tree.write({ 'x.md': 1, 'y.md': 2, 'notes/q.txt': 3 });
      other.write({ 'z.md': 4, 'w.md': 5 });
      const folders = [{ name: 'one', path: tree.root }, { name: 'two', path: other.root }];
      const ripgrepPath = await testRipgrep();
      const inFolders = (input: { pattern: string }): Promise<GlobResult> => glob(input, folders, { ripgrepPath, emptyProbeMs: LOOKS_NEVER_CUT_MS });
      const offered = (text: string, line: RegExp): string => JSON.parse(line.exec(text)?.[1] ?? '""') as string;
      const caseless = await inFolders({ pattern: `${other.root}/*.MD` });
      assert.match(caseless.text, new RegExp(`^No files match "${other.root}/\\*\\.MD" in two/\\.$`, 'm'));
      const inLowerCase = offered(caseless.text, /Names are matched case-sensitively: "pattern": ("[^"]*") finds them\.$/m);
      assert.equal(inLowerCase, `${other.root}/*.md`);
      assert.deepEqual((await inFolders({ pattern: inLowerCase })).page.map((path) => path.shown).sort(), ['two/w.md', 'two/z.md']);
      const stem = await inFolders({ pattern: `${other.root}/w` });
      const withExtension = offered(stem.text, /the same name with any extension: "two\/w\.md"\. "pattern": ("[^"]*") finds it\.$/m);
      assert.equal(withExtension, `${other.root}/w.*`);
      assert.deepEqual((await inFolders({ pattern: withExtension })).page.map((path) => path.shown), ['two/w.md']);
      // At any depth: written from the folder too, so it does not look in the other one (notes/q.txt).
      const deep = await inFolders({ pattern: `${other.root}/q.txt` });
      assert.match(deep.text, new RegExp(`At any depth it finds nothing either: no file matches "${other.root}/\\*\\*/q\\.txt"\\.$`, 'm'));
    } finally {
      other.remove();
    }
  });

  it('reads the workspace folder as an absolute pattern with a trailing "/", and "/" alone, as every file under it; without the "/" as no file', async () => {
    // Regression: both were refused as "not a valid glob: the glob is empty after removing its
    // leading `!` or `/`", and the empty answer for the folder's path without the "/" offered
    // that pattern to list the files inside it.
    tree.write({ 'src/a.ts': 1, 'b.md': 2 });
    for (const pattern of [`${tree.root}/`, `${tree.root}/./`, '/']) {
      assert.deepEqual((await search(tree, { pattern })).page.map((path) => path.shown), ['src/a.ts', 'b.md'], pattern);
    }
    // Without the "/", it is the folder, never a file: the error says so, and both patterns it
    // offers list every file.
    await assert.rejects(search(tree, { pattern: tree.root }), (error: unknown) =>
      error instanceof Error && error.message.includes(`To list every file in it, use "pattern": "*" (or "${tree.root}/").`),
    );
    assert.equal((await search(tree, { pattern: '*' })).total, 2);
  });

  it('explains an empty result instead of a bare "no files"', async () => {
    tree.write({ 'src/deep/a.ts': 1 });
    const result = await search(tree, { pattern: 'src/*.ts' });
    assert.equal(result.total, 0);
    assert.match(result.text, /^No files match "src\/\*\.ts" in the workspace\./);
    // The one walk of an empty answer that counts what near patterns match finds it one level
    // down, and then gives no advice on "**/".
    assert.match(result.text, /^- 1 file matches with "\*\*\/" before the name, in subdirectories: "src\/deep\/a\.ts"\. "pattern": "src\/\*\*\/\*\.ts" finds it\.$/m);
    assert.doesNotMatch(result.text, /anchored to the workspace|At any depth/);
    // Here it says that this one at any depth finds nothing either (no .py file is directly in a src/).
    const python = await search(tree, { pattern: 'src/*.py' });
    assert.match(python.text, /anchored to the workspace \(it must match from there down\)\. At any depth it finds nothing either: no file matches "\*\*\/src\/\*\.py"\./);
    assert.doesNotMatch(python.text, /before the name/);
    const deeper = await search(tree, { pattern: 'deep/*.ts' });
    assert.match(deeper.text, /anchored to the workspace \(it must match from there down\)\. At any depth 1 file matches: "src\/deep\/a\.ts"\. "pattern": "\*\*\/deep\/\*\.ts" finds it\./);
    assert.equal((await search(tree, { pattern: '**/deep/*.ts' })).total, 1);
    // Learned nothing (the looks turned off): the advice to try it, as before.
    const unlooked = await search(tree, { pattern: 'deep/*.ts' }, { emptyProbeMs: 0 });
    assert.match(unlooked.text, /To match at any depth, start it with "\*\*\/", for example "\*\*\/deep\/\*\.ts"\./);
    assert.match(python.text, /No file hidden by \.gitignore, \.ignore and \.rgignore files matches either, so "includeIgnored" would not help\./);
    assert.match(result.text, /never directories/);
    const missing = await search(tree, { pattern: 'lib/*.ts' });
    assert.match(missing.text, /"lib\/" does not exist in the workspace/);
    // A Windows path as the pattern: here "\" escapes, so the answer gives it with "/".
    const windows = await search(tree, { pattern: 'src\\deep\\*.ts' });
    assert.equal(windows.total, 0);
    assert.match(windows.text, /- Here "\\" escapes the character after it; directories are separated by "\/": "pattern": "src\/deep\/\*\.ts"\./);
    // A Windows path with a drive: that it names no directory here, not the same path with "/".
    const drive = await search(tree, { pattern: 'C:\\Users\\me\\*.ts' });
    assert.match(drive.text, /^- The pattern starts with the Windows drive "C:", but this machine's paths start with "\/", so it names no directory here: write the pattern relative to the workspace \(for example "\*\*\/\*\.ts"\), or pass a directory of this machine as "path"\.$/m);
    assert.doesNotMatch(drive.text, /"C:\//);
    const escaped = await search(tree, { pattern: 'a\\*b' });
    assert.doesNotMatch(escaped.text, /escapes the character/);
    // A model that writes a regular expression is told how globs read.
    const regex = await search(tree, { pattern: '.*\\.ts$' });
    assert.equal(regex.total, 0);
    assert.match(regex.text, /read as a glob, not a regular expression/);
    assert.doesNotMatch(result.text, /regular expression/);
    // A negation is not told its anchoring may be why: at any depth it leaves out more, never less.
    const negated = await search(tree, { pattern: '!src/**' });
    assert.equal(negated.total, 0);
    assert.doesNotMatch(negated.text, /anchored|any depth/);
    assert.match(negated.text, /"!src\/\*\*" leaves out the files inside each directory "src\/\*\*" matches/);
    // Negating the folder's own path with a trailing "/" leaves out every file; there is no name
    // to look for deeper (regression: it offered "!**/").
    const everything = await search(tree, { pattern: `!${tree.root}/` });
    assert.equal(everything.total, 0);
    assert.doesNotMatch(everything.text, /any depth/);
    // Nor a glob to speak of: it names the directory searched (regression: "leaves out the files
    // inside each directory" the folder's path "matches").
    assert.match(everything.text, /names the directory searched, so it leaves out every file in it\. To list them all, use "pattern": "\*"\./);
  });

  it('gives the pattern a slip was meant as, and that pattern finds the files', async () => {
    tree.write({ 'src/a.ts': 1, 'src/b.tsx': 2, 'test/c.ts': 3, 'README.md': 4, 'docs/d.md': 5 });
    // Each as models write them for other tools: quoted, several at once, "{a, b}" with spaces.
    const slips: Array<[string, RegExp, string[]]> = [
      ['"src/*.ts"', /wrapped in quotes.*Without them: "pattern": "src\/\*\.ts"\./, ['src/a.ts']],
      ['**/*.ts **/*.tsx', /reads as 2 patterns \("\*\*\/\*\.ts", "\*\*\/\*\.tsx"\), but it is one glob; .*"pattern": "\{\*\*\/\*\.ts,\*\*\/\*\.tsx\}"\./, ['src/a.ts', 'src/b.tsx', 'test/c.ts']],
      ['*.md, src/*.tsx', /"pattern": "\{\*\*\/\*\.md,src\/\*\.tsx\}"/, ['src/b.tsx', 'README.md', 'docs/d.md']],
      ['src/*.ts;test/*.ts', /"pattern": "\{src\/\*\.ts,test\/\*\.ts\}"/, ['src/a.ts', 'test/c.ts']],
      ['src/*.{ ts, tsx }', /spaces beside the commas and braces of .* Without them: "pattern": "src\/\*\.\{ts,tsx\}"\./, ['src/a.ts', 'src/b.tsx']],
      // Regression: whitespace around got no pattern meant, and " src/*.ts" was told " src/" does not exist.
      [' src/*.ts ', /starts or ends with whitespace, which would have to be part of the file names\. Without it: "pattern": "src\/\*\.ts"\./, ['src/a.ts']],
      // The other slip's pattern meant leaves the whitespace out already.
      [' "src/*.ts"', /part of the file names\.\n- The pattern is wrapped in quotes.*Without them: "pattern": "src\/\*\.ts"\./, ['src/a.ts']],
    ];
    for (const [pattern, hint, meant] of slips) {
      const slipped = await search(tree, { pattern });
      assert.equal(slipped.total, 0, pattern);
      assert.match(slipped.text, hint);
      // Advice about where the pattern as written matches would be about the slip.
      assert.doesNotMatch(slipped.text, /does not exist|start it with "\*\*\/"|regular expression/, pattern);
      const suggested = /"pattern": ("[^\n]*?")\.\n/.exec(slipped.text);
      assert.ok(suggested, slipped.text);
      const followed = await search(tree, { pattern: JSON.parse(suggested[1]) as string });
      assert.deepEqual(followed.page.map((path) => path.shown), meant, pattern);
    }
    const nested = await search(tree, { pattern: '*.{ts,tsx} *.md' });
    assert.match(nested.text, /a "\{…\}" cannot hold another: search for each on its own\./);
    // Regression: "{ts, tsx}" with a space found the .ts files and no .tsx one, and the answer
    // looked whole. Said on the count's own line, so a fitting result keeps a one-line footer.
    const partly = await search(tree, { pattern: 'src/*.{ts, tsx}' });
    assert.deepEqual(partly.page.map((path) => path.shown), ['src/a.ts']);
    assert.equal(
      partly.text.split('</files>\n')[1],
      '1 file matches "src/*.{ts, tsx}" in the workspace, oldest first. The spaces beside the commas and braces of "{…}" are part of the names it matches, so an alternative written with one found only names with that space. Without them: "pattern": "src/*.{ts,tsx}".',
    );
    assert.equal((await search(tree, { pattern: 'src/*.{ts,tsx}' })).total, 2);
    // Over the cap too, on the first line after the paths.
    const sampled = await search(tree, { pattern: '**/*.{ts, md}' }, { maxResults: 1 });
    assert.match(sampled.text, /<\/files>\nShowing .*\. The spaces beside the commas .* Without them: "pattern": "\*\*\/\*\.\{ts,md\}"\.\n/);
    // Nothing said where the braces hold no such space.
    assert.doesNotMatch((await search(tree, { pattern: 'src/*.{ts,tsx}' })).text, /spaces beside/);
  });

  it('says a "{…}" without a comma matches its one alternative, and how to match braces in a name', async () => {
    // Regression: "{br}.txt" looked for br.txt, found nothing, and the answer did not say why.
    tree.write({ 'weird/{br}.txt': 1, 'app/{{name}}/x.ts': 2, 'src/a.ts': 3 });
    for (const [pattern, meant, found] of [
      ['**/{br}.txt', '**/[{]br[}].txt', 'weird/{br}.txt'],
      ['weird/{br}.*', 'weird/[{]br[}].*', 'weird/{br}.txt'],
    ]) {
      const answer = await search(tree, { pattern });
      assert.equal(answer.total, 0, pattern);
      assert.match(answer.text, new RegExp(`^- A "\\{…\\}" holds alternatives separated by commas, so one without a comma matches its one alternative, without the braces\\. To match braces in a name, put each in brackets: "pattern": "${escapeRegExp(meant)}"\\.$`, 'm'));
      assert.deepEqual((await search(tree, { pattern: meant })).page.map((path) => path.path), [found]);
    }
    // Alternatives with commas, and braces that nest, get no such line.
    assert.doesNotMatch((await search(tree, { pattern: '{x,y}.txt' })).text, /without a comma/);
  });

  it('says an empty alternative in "{…}" is dropped, with the pattern that writes each out (regression: "*.y{a,}ml" found no .yml file unsaid)', async () => {
    tree.write({ 'ci/a.yml': 1, 'ci/b.yaml': 2 });
    const partly = await search(tree, { pattern: 'ci/*.y{a,}ml' });
    assert.deepEqual(partly.page.map((path) => path.shown), ['ci/b.yaml']);
    assert.equal(
      partly.text.split('</files>\n')[1],
      '1 file matches "ci/*.y{a,}ml" in the workspace, oldest first. An empty alternative in "{…}" is dropped, as ripgrep drops it: "{a,}" matches "a" only, never "a" or nothing, so files only the empty alternative would match are not here. With each alternative written out: "pattern": "ci/{*.yaml,*.yml}".',
    );
    assert.deepEqual((await search(tree, { pattern: 'ci/{*.yaml,*.yml}' })).page.map((path) => path.shown), ['ci/a.yml', 'ci/b.yaml']);
    const none = await search(tree, { pattern: 'ci/*.{,x}yml' });
    assert.equal(none.total, 0);
    assert.match(none.text, /^- An empty alternative in "\{…\}" is dropped, .* With each alternative written out: "pattern": "ci\/\{\*\.yml,\*\.xyml\}"\.$/m);
    // An absolute pattern's written-out form is still one, and finds what the group meant
    // (regression: "/{<root>/ci/*.yaml,…}" was anchored to the root, and found nothing).
    const absolute = await search(tree, { pattern: `${tree.root}/ci/*.y{a,}ml` });
    const meant = /With each alternative written out: "pattern": (".*?")\./.exec(absolute.text)?.[1];
    assert.ok(meant !== undefined, absolute.text);
    assert.deepEqual((await search(tree, { pattern: JSON.parse(meant) as string })).page.map((path) => path.shown), ['ci/a.yml', 'ci/b.yaml']);
  });

  it('says a negation whose empty alternative is dropped lists files it meant to leave out (regression: it said they were not here)', async () => {
    tree.write({ 'ci/a.yml': 1, 'ci/b.yaml': 2, 'x.txt': 3, 'a/f': 4, 'only/c.yaml': 5 });
    const found = async (input: Record<string, unknown>): Promise<string[]> => (await search(tree, input)).page.map((path) => path.shown).sort();
    const cases: Array<[string, string[]]> = [
      ['!*.y{a,}ml', ['!*.yaml', '!*.yml']],
    ];
    for (const [pattern, apart] of cases) {
      const answer = await search(tree, { pattern });
      const meant = /so files only the empty alternative would match are listed here, where the "!" was meant to leave them out\. With each alternative written out: "pattern": (".*?")\./.exec(answer.text)?.[1];
      assert.ok(meant !== undefined, answer.text);
      // Written out, it lists the files that every alternative's negation lists, and fewer than were listed.
      const lists = await Promise.all(apart.map((piece) => found({ pattern: piece })));
      const everyOneLists = lists[0].filter((path) => lists.every((list) => list.includes(path)));
      assert.deepEqual(await found({ pattern: JSON.parse(meant) as string }), everyOneLists, pattern);
      assert.ok(everyOneLists.length < answer.total, pattern);
    }
    // Regression: where the empty alternative is every file ("/" alone), "!*" was offered, which
    // lists no file. Leaving out every file is no search anyone makes: what ripgrep ran, the
    // negation of the others, is what was meant, and the answer lists it without a word on it.
    for (const [pattern, ran] of [['!/{a,}', '!/a'], ['!{a,}/', '!a/'], ['!./{,ci}/', '!ci/']]) {
      const answer = await search(tree, { pattern });
      assert.doesNotMatch(answer.text, /empty alternative/, pattern);
      assert.deepEqual(answer.page.map((path) => path.shown).sort(), await found({ pattern: ran }), pattern);
      assert.ok(answer.total > 0, pattern);
    }
    // Where nothing is listed, what it meant lists nothing either: no line on it.
    const none = await search(tree, { pattern: '!*.y{a,}ml', path: 'only' });
    assert.equal(none.total, 0);
    assert.doesNotMatch(none.text, /empty alternative/);
  });

  it('offers, in the empty answer to a pattern with an empty alternative, only patterns that find files without one (regression: "/{a,}" was offered "/{a,}/")', async () => {
    tree.write({ 'a/f': 1, 'top.txt': 2, 'x/b/f': 3, 'y/b': 4 });
    for (const pattern of ['/{a,}', '{/,}b']) {
      const answer = await search(tree, { pattern });
      assert.equal(answer.total, 0, pattern);
      // Ended in "/", the pattern gives its empty alternative another meaning and drops it again.
      assert.doesNotMatch(answer.text, /end the pattern with "\/"/, pattern);
      const offered = [...answer.text.matchAll(/"pattern": (".*?")/g)].map((match) => JSON.parse(match[1]) as string);
      assert.ok(offered.length > 0, answer.text);
      for (const meant of offered) {
        const next = await search(tree, { pattern: meant });
        assert.ok(next.total > 0, `${pattern} → ${meant}`);
        assert.doesNotMatch(next.text, /empty alternative/, `${pattern} → ${meant}`);
      }
    }
    // "{/,}b" names the b directories at any depth: what they hold is listed at any depth too.
    assert.match((await search(tree, { pattern: '{/,}b' })).text, /^- Only files are returned, never directories; if "\{\/,\}b" names directories, "pattern": "\*\*\/b\/" lists the files inside them\./m);
  });

  it('looks, for the empty answer to a pattern with an empty alternative, with it written out (regression: "**/*.y{a,}ml" was said to find the files elsewhere, and missed the .yml ones)', async () => {
    tree.write({ 'ci/a.yaml': 1, 'ci/b.yml': 2, 'hidden/h.yml': 3, '.ignore': { mtime: 5, content: 'hidden/\n' }, 'only/c.yml': 4 });
    const shownBy = async (input: Record<string, unknown>): Promise<string[]> => (await search(tree, input)).page.map((path) => path.shown).sort();
    const elsewhere = await search(tree, { pattern: 'nope/*.y{a,}ml' });
    assert.equal(elsewhere.total, 0);
    const line = /^- (\d+) files named .* lie elsewhere: .*"pattern": (".*?") finds them\.$/m.exec(elsewhere.text);
    assert.ok(line, elsewhere.text);
    assert.equal(line[1], '3');
    assert.deepEqual(await shownBy({ pattern: JSON.parse(line[2]) as string }), ['ci/a.yaml', 'ci/b.yml', 'only/c.yml']);
    // Ignored files are named with the pattern that, with "includeIgnored", finds them.
    const ignored = await search(tree, { pattern: 'hidden/*.y{a,}ml' });
    const pass = /Pass "includeIgnored": true with "pattern": (".*?") to search it\./.exec(ignored.text);
    assert.ok(pass, ignored.text);
    assert.deepEqual(await shownBy({ pattern: JSON.parse(pass[1]) as string, includeIgnored: true }), ['hidden/h.yml']);
    // Where the pattern written out finds files where it says, they are neither in subdirectories nor ignored.
    const there = await search(tree, { pattern: 'only/*.y{a,}ml' });
    assert.equal(there.total, 0);
    assert.match(there.text, /With each alternative written out: "pattern": "only\/\{\*\.yaml,\*\.yml\}"\./);
    assert.doesNotMatch(there.text, /subdirectories|matches: "only\/c\.yml"|lie elsewhere/);
  });

  it('writes out an empty alternative as a pattern that finds what its alternatives find apart', async () => {
    tree.write({ 'top.md': 1, 'docs/a.md': 2, 'src/a.ts': 3, 'src/gen/g.ts': 4, 'src/gen/deep/d.ts': 5, 'src/lib/l.ts': 6, 'ci/a.yml': 7, 'ci/b.yaml': 8 });
    tree.write({ b: 9, 'x/b': 10, xb: 11, 'y/xb': 12 });
    const found = async (pattern: string): Promise<string[]> => (await search(tree, { pattern })).page.map((path) => path.shown).sort();
    const cases: Array<[string, string[]]> = [
      ['ci/*.y{a,}ml', ['ci/*.yaml', 'ci/*.yml']],
      // Regression: offered "src/", without the files "/" alone (every file) meant.
      ['{src,}/', ['src/', '/']],
      // Regression: offered "src/{gen/**,**}/", which found no file directly in src/.
      ['src/{gen,}/**/', ['src/gen/**/', 'src/**/']],
      ['src/{gen,}/**', ['src/gen/**', 'src/**']],
      // Regression: said to lose nothing, as if "**/" in the braces were the "/" it is alone.
      ['src/{,**}/', ['src/', 'src/**/']],
      ['{src,}/**/', ['src/**/', '/**/']],
      // Regression: the group was the whole pattern but for its "/" or "./", and the empty
      // alternative, that lead alone (every file), was said to lose nothing.
      ['/{src,}', ['/src', '/']],
      ['./{,top.md}', ['./', './top.md']],
      // Regression: offered "<parent>/{<name>/src,<name>}/", a directory above the workspace, which found nothing.
      [`${tree.root}/{src,}/`, [`${tree.root}/src/`, `${tree.root}/`]],
      [`${tree.root}/src/{gen,}/`, [`${tree.root}/src/gen/`, `${tree.root}/src/`]],
      // Regression: offered "/b", which missed "x/b": "b" alone matches at any depth.
      ['{/,}b', ['/b', 'b']],
      // Regression: offered "{x/b,xb}", anchored as a whole, which missed "y/xb".
      ['x{/,}b', ['x/b', 'xb']],
      // Regression: ".." was left in the braces, where nothing takes it away and it matches no path:
      // "src/{..,}/" was offered "{src/..,src}/", src's files, where "src/../" alone is every file.
      ['src/{..,}/', ['src/../', 'src/']],
      ['src/gen/{..,}/*.ts', ['src/gen/../*.ts', 'src/gen/*.ts']],
      ['src/{lib,.,}/*.ts', ['src/lib/*.ts', 'src/./*.ts', 'src/*.ts']],
    ];
    for (const [pattern, apart] of cases) {
      const answer = await search(tree, { pattern });
      const meant = /With each alternative written out: "pattern": (".*?")\./.exec(answer.text)?.[1];
      assert.ok(meant !== undefined, answer.text);
      const union = [...new Set((await Promise.all(apart.map(found))).flat())].sort();
      assert.deepEqual(await found(JSON.parse(meant) as string), union, `${pattern} → ${meant}`);
    }
  });

  it('says nothing of an empty alternative that loses no file (regression: ".{a,}" was offered "{.a,.}", which finds what it found)', async () => {
    tree.write({ '.a': 1, 'x/.a': 2, 'x/b': 3, 'a/f': 4, b: 5 });
    const found = async (pattern: string): Promise<string[]> => (await search(tree, { pattern })).page.map((path) => path.shown).sort();
    // Each finds what the group with its empty alternative written in finds: the name "." is no
    // file's, and "**\/b" finds every "b".
    for (const [pattern, everyAlternative] of [['.{a,}', '{.a,.}'], ['{**/,}b', '{**/b,b}']]) {
      const answer = await search(tree, { pattern });
      assert.ok(answer.total > 0, pattern);
      assert.doesNotMatch(answer.text, /empty alternative/, pattern);
      assert.deepEqual(await found(pattern), await found(everyAlternative), pattern);
    }
    // "{a/,}" is "a/" or nothing: what it misses, the "a/" in the braces missed, not the empty alternative.
    const none = await search(tree, { pattern: '{a/,}' });
    assert.equal(none.total, 0);
    assert.doesNotMatch(none.text, /empty alternative/);
  });

  it('keeps includeIgnored in the pattern a slip, a directory or a repeated root is sent to', async () => {
    // Regression: after an includeIgnored search these lines offered the pattern alone, and the
    // search sent next hid the ignored files the model was looking for.
    writeFileSync(tree.path('.gitignore'), 'build/\n');
    tree.write({ 'build/src/a.ts': 1, 'build/gen/b.ts': 2 });
    const sent: Array<[Record<string, unknown>, RegExp]> = [
      [{ pattern: '"build/src/*.ts"' }, /Without them: "pattern": "build\/src\/\*\.ts" with "includeIgnored": true\./],
      [{ pattern: 'build/src/*.{ ts, js }' }, /Without them: "pattern": "build\/src\/\*\.\{ts,js\}" with "includeIgnored": true\./],
      [{ pattern: 'build\\src\\*.ts' }, /separated by "\/": "pattern": "build\/src\/\*\.ts" with "includeIgnored": true\./],
      [{ pattern: 'build/src' }, /To list the files inside: "pattern": "build\/src\/" with "includeIgnored": true\./],
      [{ pattern: 'build/src/*.ts', path: 'build' }, /Leave it out of the pattern: "pattern": "src\/\*\.ts" with "includeIgnored": true\./],
    ];
    for (const [input, line] of sent) {
      const answer = await search(tree, { ...input, includeIgnored: true });
      assert.equal(answer.total, 0, JSON.stringify(input));
      assert.match(answer.text, line);
    }
    const partly = await search(tree, { pattern: 'build/*/*.{ts, js}', includeIgnored: true });
    assert.equal(partly.total, 2);
    assert.match(partly.text, /Without them: "pattern": "build\/\*\/\*\.\{ts,js\}", "includeIgnored": true\./);
    // Without includeIgnored the pattern alone, as before.
    assert.match((await search(tree, { pattern: '"src/*.ts"' })).text, /Without them: "pattern": "src\/\*\.ts"\.\n/);
  });

  it('names the directories a pattern names, and the pattern that lists the files inside them', async () => {
    tree.write({ 'src/core/glob.ts': 1, 'src/cli.ts': 2, 'lib/core/x.js': 3 });
    const cases: Array<[string, RegExp, string[]]> = [
      // A stat tells: the pattern names one place.
      ['src/core', /- "src\/core\/" is a directory, and only files are returned, never directories\. To list the files inside: "pattern": "src\/core\/"\./, ['src/core/glob.ts']],
      ['src', /- "src\/" is a directory, .* "pattern": "src\/"\./, ['src/core/glob.ts', 'src/cli.ts']],
      // A bare name below the root: no stat can tell, so the advice is conditional.
      ['core', /- Only files are returned, never directories; if "core" names directories, "pattern": "\*\*\/core\/" lists the files inside them\./, ['src/core/glob.ts', 'lib/core/x.js']],
    ];
    for (const [pattern, hint, inside] of cases) {
      const named = await search(tree, { pattern });
      assert.equal(named.total, 0, pattern);
      assert.match(named.text, hint);
      // "Start it with **/" would look for the directory at any depth, as a file again.
      assert.doesNotMatch(named.text, /start it with "\*\*\/"/);
      const suggested = /"pattern": ("[^"]*")/.exec(named.text);
      const followed = await search(tree, { pattern: JSON.parse(suggested?.[1] ?? 'null') as string });
      assert.deepEqual(followed.page.map((path) => path.shown), inside, pattern);
    }
    // A name with an extension names files, and wildcards alone name everything: the plain advice.
    mkdirSync(tree.path('empty'));
    for (const [pattern, path] of [['src/*.md', '.'], ['*', 'empty']]) {
      const files = await search(tree, { pattern, path });
      assert.equal(files.total, 0, pattern);
      assert.match(files.text, /- Only files are returned, never directories; to list what is inside a directory, end the pattern with "\/"/);
    }
    // A pattern that ends in "/" or "**" lists what is inside already: not told to end in "/".
    for (const pattern of ['nowhere/', 'nowhere/**', 'src/core/x/']) {
      const inside = await search(tree, { pattern });
      assert.equal(inside.total, 0, pattern);
      assert.match(inside.text, /^- Only files are returned, never directories\. Matching is case-sensitive\.$/m, pattern);
    }
  });

  it('says when a pattern repeats the directories "path" already names, and what to pass instead', async () => {
    tree.write({ 'src/core/glob.ts': 1, 'src/cli.ts': 2 });
    // A model that narrows "path" to src often keeps "src/" in the pattern, which then looks for
    // src/src/core; "start it with **/" would look for src/**/src/core, just as missing.
    const repeated = await search(tree, { pattern: 'src/core/*.ts', path: 'src' });
    assert.equal(repeated.total, 0);
    assert.match(repeated.text, /The pattern starts with "src\/", but the search already starts inside src\/ .*looked for src\/src\/\. Leave it out of the pattern: "pattern": "core\/\*\.ts"\./);
    assert.doesNotMatch(repeated.text, /start it with "\*\*\/"/);
    // Regression: "src/" does not exist in src/, and "2 files named "*.ts" lie elsewhere ... "**\/*.ts"",
    // came first, the fix after them.
    assert.match(repeated.text, /^No files match "src\/core\/\*\.ts" in src\/\.\n- The pattern starts with "src\/"/);
    assert.doesNotMatch(repeated.text, /does not exist/);
    // Files of the name elsewhere below the root are still named, after it: there the fix
    // ("./helpers.ts") finds nothing.
    tree.write({ 'src/util/helpers.ts': 3 });
    const elsewhere = await search(tree, { pattern: 'src/helpers.ts', path: 'src' });
    assert.match(elsewhere.text, /^No files match "src\/helpers\.ts" in src\/\.\n- The pattern starts with "src\/", .*"pattern": "\.\/helpers\.ts"\.\n- 1 file named "helpers\.\*" lies elsewhere: "src\/util\/helpers\.ts"\./);
    const followed = await search(tree, { pattern: 'core/*.ts', path: 'src' });
    assert.deepEqual(followed.page.map((path) => path.shown), ['src/core/glob.ts']);
    // One directory left: the advice keeps the pattern anchored, so it means the same place.
    const direct = await search(tree, { pattern: 'src/*.ts', path: 'src' });
    assert.match(direct.text, /"pattern": "\.\/\*\.ts"\./);
    const direct2 = await search(tree, { pattern: './*.ts', path: 'src' });
    assert.deepEqual(direct2.page.map((path) => path.shown), ['src/cli.ts']);
  });

  it('names the directory with the nearest name to a missing one, and what the pattern finds there', async () => {
    tree.write({
      'test/a.ts': 1, 'test/unit/b.ts': 2, 'docs/x.md': 3, 'components/Button.tsx': 4, 'src/main.ts': 5, 'app/index.ts': 6,
      'Lib/util.ts': 7, 'lib-old/util.ts': 8, 'tests.txt': 9, 'ignored/near/c.ts': 10,
    });
    writeFileSync(tree.path('.gitignore'), 'ignored/near/\n');
    for (const [pattern, line] of [
      // The other number, both ways; with the count and the pattern, or that it finds nothing there either.
      ['tests/**', '"tests/" does not exist in the workspace, but "test/" does, where 2 files match: "test/a.ts", "test/unit/b.ts". "pattern": "test/**" finds them.'],
      ['tests/**/*.py', '"tests/" does not exist in the workspace; "test/" does, but "pattern": "test/**/*.py" finds nothing there either.'],
      // Ending in "/", everything under (a last part that is empty threw while the looks were set up).
      ['tests/', '"tests/" does not exist in the workspace, but "test/" does, where 2 files match: "test/a.ts", "test/unit/b.ts". "pattern": "test/" finds them.'],
      ['doc/*.md', '"doc/" does not exist in the workspace, but "docs/" does, where 1 file matches: "docs/x.md". "pattern": "docs/*.md" finds it.'],
      // One letter dropped, two swapped, one deeper down; another case comes first and says so.
      ['compnents/*.tsx', '"compnents/" does not exist in the workspace, but "components/" does, where 1 file matches: "components/Button.tsx". "pattern": "components/*.tsx" finds it.'],
      ['scr/*.ts', '"scr/" does not exist in the workspace, but "src/" does, where 1 file matches: "src/main.ts". "pattern": "src/*.ts" finds it.'],
      ['test/units/*.ts', '"test/units/" does not exist in the workspace, but "test/unit/" does, where 1 file matches: "test/unit/b.ts". "pattern": "test/unit/*.ts" finds it.'],
      // Two slips in a row: the one below the near directory is put right too.
      ['tests/units/*.ts', '"tests/" does not exist in the workspace, but "test/" does, where 1 file matches: "test/unit/b.ts". "pattern": "test/unit/*.ts" finds it.'],
      ['lib/*.ts', '"lib/" does not exist in the workspace, but "Lib/" does (names are matched case-sensitively), where 1 file matches: "Lib/util.ts". "pattern": "Lib/*.ts" finds it.'],
      // Ignored files are not counted as matches (the search's own rules), but where the near
      // directory holds no other, they are named, with how to search them.
      [
        'ignored/nears/*.ts',
        '"ignored/nears/" does not exist in the workspace, but "ignored/near/" does, where 1 file hidden by .gitignore, .ignore and .rgignore files matches: "ignored/near/c.ts". "pattern": "ignored/near/*.ts" with "includeIgnored": true finds it.',
      ],
      // Not near: a three-letter name one letter off another ("app"), a file of the near name.
      // Nor "ignored/": its only file is ignored.
      ['api/*.ts', '"api/" does not exist in the workspace. The directories at the top are "Lib/", "app/", "components/", "docs/", "lib-old/", "src/", "test/".'],
    ] as const) {
      // The pattern found is given, so the advice on "**/" is not.
      await assertEmptyAnswerHas(tree, pattern, `- ${line}`, ['"test/a.ts"', '"test/unit/b.ts"']);
      // Nor, where the near directory holds files, the names alone elsewhere ("**/*.ts").
      if (/finds (it|them)\.$/.test(line)) {
        assert.doesNotMatch((await search(tree, { pattern })).text, /lies? elsewhere/, pattern);
      }
    }
    // What it says to pass finds the ignored file; and the answer does not also say that
    // "includeIgnored" would not help (true only of the pattern as written), nor what the
    // pattern finds at any depth: the pattern meant is given.
    const hidden = await search(tree, { pattern: 'ignored/nears/*.ts' });
    assert.doesNotMatch(hidden.text, /would not help|At any depth/);
    const lifted = await search(tree, { pattern: 'ignored/near/*.ts', includeIgnored: true });
    assert.deepEqual(lifted.page.map((path) => path.path), ['ignored/near/c.ts']);
    // Without the near-pattern walk the directory is still named, without a count.
    const unlooked = await search(tree, { pattern: 'tests/**' }, { emptyProbeMs: 0 });
    assert.match(unlooked.text, /^- "tests\/" does not exist in the workspace, but "test\/" does\.$/m);
  });

  it('takes hidden directories and links to directories for the directories they are, and a related ending at any depth', async () => {
    // Regression: "workflows/*.yml" got only "The directories at the top are "real/", "src/"" and
    // "At any depth it finds nothing either", where .github/workflows/ci.yaml is; "setting/*.toml"
    // was not pointed to "settings/", a link to a directory the search follows.
    tree.write({ '.github/workflows/ci.yaml': 1, 'src/a.py': 2, 'real/config/app.toml': 3 });
    symlinkSync(tree.path('real/config'), tree.path('settings'));
    const workflows = await search(tree, { pattern: 'workflows/*.yml' }, { rules: VSCODE_DEFAULT_RULES });
    assert.match(workflows.text, /^- "workflows\/" does not exist in the workspace\. The directories at the top are "\.github\/", "real\/", "settings\/", "src\/"\.$/m);
    assert.match(workflows.text, /^- 1 file ends in "\.yaml" instead: "\.github\/workflows\/ci\.yaml"\. "pattern": "\*\*\/workflows\/\*\.yaml" finds it\.$/m);
    assert.doesNotMatch(workflows.text, /At any depth/);
    assert.equal((await search(tree, { pattern: '**/workflows/*.yaml' }, { rules: VSCODE_DEFAULT_RULES })).total, 1);
    // And in a missing directory's near one.
    const near = await search(tree, { pattern: '.github/workflow/*.yml' }, { rules: VSCODE_DEFAULT_RULES });
    assert.match(near.text, /^- 1 file ends in "\.yaml" instead: "\.github\/workflows\/ci\.yaml"\. "pattern": "\.github\/workflows\/\*\.yaml" finds it\.$/m);
    const settings = await search(tree, { pattern: 'setting/*.toml' }, { rules: VSCODE_DEFAULT_RULES });
    assert.match(settings.text, /^- "setting\/" does not exist in the workspace, but "settings\/" does, where 1 file matches: "settings\/app\.toml"\. "pattern": "settings\/\*\.toml" finds it\.$/m);
    assert.deepEqual((await search(tree, { pattern: 'settings/*.toml' }, { rules: VSCODE_DEFAULT_RULES })).page.map((path) => path.path), ['settings/app.toml']);
  });

  it('writes a character nobody sees in a name it quotes as \\uXXXX, as the page does', async () => {
    // Regression: 'The directories at the top are "docs\u200b/", "src/".' read as "docs/" (a
    // zero-width space after "docs"), and "path": "docs" then named a directory that is not there.
    tree.write({ 'docs\u200b/a.md': 1, 'src/b.ts': 2 });
    const result = await search(tree, { pattern: 'api/*.ts' });
    assert.match(result.text, /^- "api\/" does not exist in the workspace\. The directories at the top are "docs\\u200b\/", "src\/"\.$/m);
    assert.doesNotMatch(result.text, /\u200b/);
    // The joiners of an emoji sequence are no such characters: they stay as they are.
    const family = await search(tree, { pattern: '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}*.png' });
    assert.ok(family.text.startsWith('No files match "\u{1F468}\u200d\u{1F469}\u200d\u{1F467}*.png" in the workspace.\n'), family.text);
  });

  it('writes "</" in a name it quotes as "<\\/", as the page does, so no "</files>" is read as the end of the paths', async () => {
    // Regression: 'No files match "x</files>*" in the workspace.' The chat participant takes what
    // follows the first "</files>" for the footer, and showed '*" in the workspace.' and on.
    tree.write({ 'src/a.ts': 1 });
    const result = await search(tree, { pattern: 'x</files>*' });
    assert.ok(result.text.startsWith('No files match "x<\\/files>*" in the workspace.\n'), result.text);
    assert.doesNotMatch(result.text, /<\//);
  });

  it('names a file with the name of a missing directory in its place ("src/utils.ts" for "src/utils/"), and the pattern finds it', async () => {
    tree.write({
      'src/utils.ts': 1, 'src/utils.js': 2, 'src/helpers/a.ts': 3, 'src/helper.py': 4, 'bin': 5, 'lib/config': 6, 'lib/config.json': 7,
      'src/secret.ts': 8, 'a,b.md': 9, 'src/utilsx.ts': 10, 'c,d': 11, 'c,d.md': 12, 'src/helpers/bin': 13, 'docs/guide.md': 14, 'docs/guide.txt': 15,
    });
    writeFileSync(tree.path('.gitignore'), 'src/secret.ts\n');
    for (const [pattern, line, pair] of [
      // With an extension (both listed, in either order), and the directories beside it.
      [
        'src/utils/**',
        '"src/utils/" does not exist in the workspace. In its place are 2 files of that name: "src/utils.ts", "src/utils.js". "pattern": "src/utils.*" finds them. The only directory in "src/" is "helpers/".',
        ['"src/utils.ts"', '"src/utils.js"'],
      ],
      // Without one; and both, one pattern for all.
      ['bin/**', '"bin/" does not exist in the workspace. In its place is a file of that name: "bin". "pattern": "./bin" finds it. The directories at the top are "docs/", "lib/", "src/".', ['', '']],
      ['bin/', '"bin/" does not exist in the workspace. In its place is a file of that name: "bin". "pattern": "./bin" finds it. The directories at the top are "docs/", "lib/", "src/".', ['', '']],
      ['lib/config/*.json', '"lib/config/" does not exist in the workspace. In its place are 2 files of that name: "lib/config", "lib/config.json". "pattern": "lib/{config,config.*}" finds them.', ['"lib/config"', '"lib/config.json"']],
      // A "," is a name's own outside braces.
      ['a,b/**', '"a,b/" does not exist in the workspace. In its place is a file of that name: "a,b.md". "pattern": "./a,b.*" finds it. The directories at the top are "docs/", "lib/", "src/".', ['', '']],
      // After a near directory that holds no match.
      [
        'src/helper/*.py',
        '"src/helper/" does not exist in the workspace; "src/helpers/" does, but "pattern": "src/helpers/*.py" finds nothing there either. In its place is a file of that name: "src/helper.py". "pattern": "src/helper.*" finds it.',
        ['', ''],
      ],
    ] as const) {
      await assertEmptyAnswerHas(tree, pattern, `- ${line}`, pair);
      const result = await search(tree, { pattern });
      // The file is the answer: not the names alone elsewhere ("**/*.ts").
      assert.doesNotMatch(result.text, /lies? elsewhere/, pattern);
      const meant = [...line.matchAll(/"pattern": "([^"]+)" finds (it|them)\./g)].at(-1)?.[1] ?? '';
      const examples = line.slice(line.indexOf('of that name: '), line.lastIndexOf('. "pattern"'));
      const named = [...examples.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
      assert.deepEqual((await search(tree, { pattern: meant })).page.map((path) => path.path).sort(), named.sort(), meant);
    }
    // ripgrep still sieves the names for the look: those files pass by their name, also with an
    // ending neither the pattern's nor related to it.
    const events: RipgrepEvent[] = [];
    const sieved = await search(tree, { pattern: 'docs/guide/*.md' }, { onRipgrep: (event) => events.push(event) });
    assert.ok(hasLineInEitherOrder(sieved.text, '- "docs/guide/" does not exist in the workspace. In its place are 2 files of that name: "docs/guide.md", "docs/guide.txt". "pattern": "docs/guide.*" finds them.', ['"docs/guide.md"', '"docs/guide.txt"']), sieved.text);
    const near = events.find((event) => event.purpose === 'countNear' && event.phase === 'end');
    assert.ok(near?.command.includes('--type-add'), near?.command.join(' '));
    // Not an ignored file (the search's own rules), nor a name only starting with the directory's,
    // nor files the pattern would not have found there ("*.py", "*.sh"), nor files with and without an
    // extension whose name has a ",", which would split the braces.
    for (const pattern of ['src/secret/**', 'src/util/**', 'src/utils/*.py', 'bin/*.sh', 'c,d/**']) {
      const result = await search(tree, { pattern });
      assert.equal(result.total, 0, pattern);
      assert.doesNotMatch(result.text, /In its place/, pattern);
    }
  });

  it('names the files that match when case is ignored, and a directory in another case', async () => {
    tree.write({ 'README.md': 1, 'docs/Readme.md': 2, 'Src/Lib/Main.TS': 3, 'Makefile': 4 });
    // Regression: the suffix filter dropped "README.md" for "readme.md" before anything saw it.
    const readme = await search(tree, { pattern: 'readme.md' });
    assert.equal(readme.total, 0);
    assert.match(readme.text, /- 2 files match when case is ignored: "README\.md", "docs\/Readme\.md"\. Names are matched case-sensitively/);
    const ts = await search(tree, { pattern: '*.ts' });
    assert.match(ts.text, /1 file matches when case is ignored: "Src\/Lib\/Main\.TS"\./);
    const directory = await search(tree, { pattern: 'src/**' });
    assert.match(directory.text, /"src\/" does not exist in the workspace, but "Src\/" does/);
    // That matching is case-sensitive is said once, by the line on the other case.
    for (const said of [readme, ts, directory]) {
      assert.equal(said.text.match(/case-sensitive/g)?.length, 1, said.text);
    }
    // No advice where something matched, for a negation, or where no other case matches either.
    const some = await search(tree, { pattern: '*.md', path: 'docs' });
    assert.equal(some.total, 1);
    assert.doesNotMatch(some.text, /when case is ignored/);
    for (const pattern of ['!*', 'nothing.md']) {
      const result = await search(tree, { pattern });
      assert.equal(result.total, 0, pattern);
      assert.doesNotMatch(result.text, /when case is ignored/, pattern);
      // Said by the last line instead.
      assert.match(result.text, /Matching is case-sensitive\.$/, pattern);
    }
  });

  it('offers a pattern that finds the files named in another case: in lower case where that finds them all, else each letter in both cases', async () => {
    // An agent's finding: "13 files match when case is ignored, such as "glob/README.md", ...,
    // "commander/Readme.md". ... write the pattern in their case." took one pattern per case.
    tree.write({ 'README.md': 1, 'docs/Readme.md': 2, 'lib/readme.md': 3, 'a.json': 4, 'b/c.json': 5, 'x.txt': 6 });
    const found = async (pattern: string): Promise<string[]> => (await search(tree, { pattern })).page.map((path) => path.shown).sort();
    const offered = (text: string): string => JSON.parse(/Names are matched case-sensitively: "pattern": ("(?:[^"\\]|\\.)*") finds /.exec(text)?.[1] ?? '""') as string;
    const mixed = await search(tree, { pattern: '**/README.MD' });
    assert.match(mixed.text, /^- 3 files match when case is ignored: "README\.md", "[^"]+", "[^"]+"\. Names are matched case-sensitively: "pattern": "\*\*\/\[rR\]\[eE\]\[aA\]\[dD\]\[mM\]\[eE\]\.\[mM\]\[dD\]" finds them\.$/m);
    assert.deepEqual(await found(offered(mixed.text)), ['README.md', 'docs/Readme.md', 'lib/readme.md']);
    // An escaped letter is a letter too.
    const escaped = await search(tree, { pattern: '**/README.M\\D' });
    assert.equal(offered(escaped.text), '**/[rR][eE][aA][dD][mM][eE].[mM][dD]');
    const lower = await search(tree, { pattern: '*.JSON' });
    assert.match(lower.text, /^- 2 files match when case is ignored: "a\.json", "b\/c\.json"\. Names are matched case-sensitively: "pattern": "\*\.json" finds them\.$/m);
    assert.deepEqual(await found(offered(lower.text)), ['a.json', 'b/c.json']);
    // A class keeps its case: the pattern offered finds those it can, and says how many.
    const classed = await search(tree, { pattern: '**/[A-Z]*.MD' });
    assert.match(classed.text, /^- 3 files match when case is ignored: .*"pattern": "\*\*\/\[A-Z\]\*\.\[mM\]\[dD\]" finds 2 of them\.$/m);
    assert.deepEqual(await found(offered(classed.text)), ['README.md', 'docs/Readme.md']);
    // One file: the pattern in lower case where that finds it; else its case is in its example,
    // plainer than a class for each letter.
    assert.match((await search(tree, { pattern: 'X.TXT' })).text, /^- 1 file matches when case is ignored: "x\.txt"\. Names are matched case-sensitively: "pattern": "x\.txt" finds it\.$/m);
    assert.match((await search(tree, { pattern: '/readme.MD' })).text, /^- 1 file matches when case is ignored: "README\.md"\. Names are matched case-sensitively, so write the pattern in their case\.$/m);
  });

  it('offers no pattern for the files in another case that finds other files as well', async () => {
    // Regression: "[A-z]X" offered "[A-z][xX]" as finding the 2 files "ax" and "Bx"; kept as
    // written, its class takes "_" as well, and it found "_x" too. "[!a-z]B" offered "[!a-z]b"
    // for "1b" and "2b", which takes "Ab"; "?X" offered "?x", which takes "İx" ("i̇x" in lower
    // case, one character more than "?" takes).
    tree.write({ ax: 1, Bx: 2, _x: 3, '1b': 4, '2b': 5, Ab: 6, cy: 7, dy: 8, İy: 9 });
    for (const [pattern, files] of [
      ['[A-z]X', 2],
      ['[!a-z]B', 2],
      ['?Y', 2],
    ] as const) {
      const { text } = await search(tree, { pattern });
      assert.match(text, new RegExp(`^- ${files} files match when case is ignored`, 'm'), pattern);
      const offered = /Names are matched case-sensitively: "pattern": ("(?:[^"\\]|\\.)*") finds (them|[\d,]+ of them)\.$/m.exec(text);
      if (offered !== null) {
        const claimed = offered[2] === 'them' ? files : Number(offered[2].split(' ')[0]);
        assert.equal((await search(tree, { pattern: JSON.parse(offered[1]) as string })).total, claimed, `${pattern}: ${text}`);
      }
    }
  });

  it('names the files with the name of a pattern without wildcards and another extension, and the pattern finds them', async () => {
    tree.write({
      'README.md': 1, 'docs/README.txt': 2, 'src/config.ts': 3, 'lib/config.js': 4, 'tsconfig.base.json': 5, 'src/index.ts': 6, '.env.local': 7,
      'ignored/README.rst': 8, 'READMEX.md': 9, 'a/README': 10,
    });
    writeFileSync(tree.path('.gitignore'), 'ignored/\n');
    for (const [pattern, meant, files] of [
      ['README.rst', 'README.*', ['README.md', 'docs/README.txt']],
      ['tsconfig.json', 'tsconfig.*', ['tsconfig.base.json']],
      ['src/config', 'src/config.*', ['src/config.ts']],
      ['index.tsx', 'index.*', ['src/index.ts']],
      ['.env', '.env.*', ['.env.local']],
    ] as const) {
      for (const statMode of ['pool', 'adaptive'] as const) {
        const result = await search(tree, { pattern }, { statMode });
        assert.equal(result.total, 0, pattern);
        const examples = files.map((file) => `"${escapeRegExp(file)}"`).join('|');
        const line = new RegExp(`^- ${files.length === 1 ? '1 file has' : `${files.length} files have`} the same name with any extension: (${examples})(, (${examples}))*\\. "pattern": "${escapeRegExp(meant)}" finds (it|them)\\.$`, 'm');
        assert.match(result.text, line, `${pattern} (${statMode})`);
      }
      const followed = await search(tree, { pattern: meant });
      assert.deepEqual(followed.page.map((path) => path.path).sort(), [...files].sort(), meant);
    }
    // Not where something matched ("README" names a/README), nor for a wildcard or a negation.
    for (const pattern of ['README', 'READ*.txt', '!*']) {
      assert.doesNotMatch((await search(tree, { pattern })).text, /the same name with any extension/, pattern);
    }
  });

  it('quotes an example that needs quoting once, as the page shows it', async () => {
    // Regression: an example already shown quoted was quoted again: "\"tab\\there.txt\"".
    tree.write({ 'tab\there.txt': 1 });
    const result = await search(tree, { pattern: 'tab\there.md' });
    assert.match(result.text, /^- 1 file has the same name with any extension: "tab\\there\.txt"\. /m);
  });

  it('says no file "lies elsewhere" where every file of the name is where the pattern says', async () => {
    // Regression: ".github/workflows/ci.yml" named ci.yaml three times, the last as lying
    // elsewhere, though it lies in the very directory the pattern names.
    tree.write({ '.github/workflows/ci.yaml': 1 });
    const here = await search(tree, { pattern: '.github/workflows/ci.yml' });
    assert.match(here.text, /^- 1 file has the same name with any extension: "\.github\/workflows\/ci\.yaml"\./m);
    assert.doesNotMatch(here.text, /elsewhere/);
    // With one elsewhere too, the line is said, and names both.
    tree.write({ 'other/ci.json': 2 });
    const there = await search(tree, { pattern: '.github/workflows/ci.yml' });
    assert.match(there.text, /^- 2 files named "ci\.\*" lie elsewhere: /m);
  });

  it('names the files with the name in another case and any extension ("readme" for README.md), and the pattern finds them', async () => {
    tree.write({
      'README.md': 1, 'Readme.rst': 2, 'docs/Readme.txt': 3, 'src/Config.ts': 4, 'ignored/readme.md': 5, 'A,b.txt': 6, 'a,B.txt': 7, 'a,B.md': 8,
    });
    writeFileSync(tree.path('.gitignore'), 'ignored/\n');
    for (const [pattern, meant, files, finds] of [
      // The most common stem first; the glob finds every file named.
      ['readme', '{Readme,README}.*', ['README.md', 'Readme.rst', 'docs/Readme.txt'], 'them'],
      ['docs/readme', 'docs/Readme.*', ['docs/Readme.txt'], 'it'],
      ['src/config.js', 'src/Config.*', ['src/Config.ts'], 'it'],
      // docs/Readme.txt matches "readme.txt" when case is ignored, and is named as such instead.
      ['readme.txt', '{README,Readme}.*|{Readme,README}.*', ['README.md', 'Readme.rst'], 'them'],
      // A stem with "," cannot stand in "{...}": the most common stem alone.
      ['a,b', 'a,B.*', ['A,b.txt', 'a,B.txt', 'a,B.md'], '2 of them'],
    ] as const) {
      for (const statMode of ['pool', 'adaptive'] as const) {
        const result = await search(tree, { pattern }, { statMode });
        assert.equal(result.total, 0, pattern);
        const examples = files.map((file) => `"${escapeRegExp(file)}"`).join('|');
        // One file of each stem: the glob has them in listing order.
        const globs = meant.split('|').map(escapeRegExp).join('|');
        const line = new RegExp(`^- ${files.length === 1 ? '1 file has' : `${files.length} files have`} the same name in another case and with any extension: (${examples})(, (${examples}))*\\. "pattern": "(${globs})" finds ${finds}\\.$`, 'm');
        assert.match(result.text, line, `${pattern} (${statMode})`);
      }
      const followed = (await search(tree, { pattern: meant.split('|')[0] })).page.map((path) => path.path);
      assert.equal(files.filter((file) => followed.includes(file)).length, finds === '2 of them' ? 2 : files.length, meant);
    }
    assert.match((await search(tree, { pattern: 'readme.txt' })).text, /^- 1 file matches when case is ignored: "docs\/Readme\.txt"\./m);
    // Where names have the pattern's own case, only those are named (README.md is, as a caseless match).
    assert.match((await search(tree, { pattern: 'Readme.md' })).text, /^- 2 files have the same name with any extension: "Readme\.rst", "docs\/Readme\.txt"\. "pattern": "Readme\.\*" finds them\.$/m);
  });

  it('names the files with a related extension, and the pattern with it finds them', async () => {
    tree.write({
      '.github/workflows/ci.yaml': 1, '.github/workflows/release.yaml': 2, 'src/a.ts': 3, 'src/b.tsx': 4, 'src/c.test.ts': 5, 'src/d.mjs': 6,
      'build/e.ts': 7, 'docs/x.md': 8,
    });
    writeFileSync(tree.path('.gitignore'), 'build/\n');
    for (const [pattern, lines] of [
      ['**/*.yml', [['2 files end', 'yaml', '**/*.yaml', ['.github/workflows/ci.yaml', '.github/workflows/release.yaml']]]],
      ['.github/workflows/*.yml', [['2 files end', 'yaml', '.github/workflows/*.yaml', ['.github/workflows/ci.yaml', '.github/workflows/release.yaml']]]],
      // Most files first; the ignored build/e.ts is not among them.
      ['*.js', [['2 files end', 'ts', '*.ts', ['src/a.ts', 'src/c.test.ts']], ['1 file ends', 'tsx', '*.tsx', ['src/b.tsx']], ['1 file ends', 'mjs', '*.mjs', ['src/d.mjs']]]],
      ['src/*.jsx', [['2 files end', 'ts', 'src/*.ts', ['src/a.ts', 'src/c.test.ts']], ['1 file ends', 'tsx', 'src/*.tsx', ['src/b.tsx']]]],
      // Test files named the other way.
      ['src/*.spec.ts', [['1 file ends', 'test.ts', 'src/*.test.ts', ['src/c.test.ts']]]],
      ['*.test.js', [['1 file ends', 'ts', '*.test.ts', ['src/c.test.ts']]]],
    ] as const) {
      const result = await search(tree, { pattern });
      assert.equal(result.total, 0, pattern);
      const text = lines.map(([files, extension, meant, found]) => {
        const examples = found.map((file) => `"${escapeRegExp(file)}"`).join('|');
        return `- ${files} in "\\.${extension}" instead: (${examples})(, (${examples}))*\\. "pattern": "${escapeRegExp(meant)}" finds (it|them)\\.`;
      });
      assert.match(result.text, new RegExp(`^${text.join('\n')}$`, 'm'), pattern);
      // The pattern is in the right place: no advice to start it with "**/".
      assert.doesNotMatch(result.text, /start it with "\*\*\/"/, pattern);
      for (const [, , meant, found] of lines) {
        assert.deepEqual((await search(tree, { pattern: meant })).page.map((path) => path.path).sort(), [...found].sort(), meant);
      }
    }
    // None for a negation, an extension without relatives, or with the looks turned off.
    for (const [pattern, options] of [['!*', {}], ['*.png', {}], ['*.yml', { emptyProbeMs: 0 }]] as const) {
      assert.doesNotMatch((await search(tree, { pattern }, options)).text, /instead/, pattern);
    }
  });

  it('names no other ending "instead" where a place near the one written finds the pattern s own', async () => {
    // Regression: in a monorepo "src/**/*.ts" got only ".js", ".tsx" files "instead" and never
    // "**/src/**/*.ts", which finds the .ts files; "pakages/a/src/**/*.ts" the near directory,
    // then ".js" files "instead" there, though it holds .ts files.
    tree.write({ 'packages/a/src/x.ts': 1, 'packages/a/src/y.js': 2, 'packages/a/src/w.js': 3, 'packages/b/src/z.tsx': 4 });
    const anywhere = await search(tree, { pattern: 'src/**/*.ts' });
    assert.match(anywhere.text, /^- The pattern contains "\/", so it is anchored .* At any depth 1 file matches: "packages\/a\/src\/x\.ts"\. "pattern": "\*\*\/src\/\*\*\/\*\.ts" finds it\.$/m);
    const near = await search(tree, { pattern: 'pakages/a/src/**/*.ts' });
    assert.match(near.text, /^- "pakages\/" does not exist in the workspace, but "packages\/" does, where 1 file matches/m);
    for (const result of [anywhere, near]) {
      assert.doesNotMatch(result.text, /instead/);
    }
    // Where the directory written is there, a stray match at any depth does not hide the other
    // endings in it.
    const stray = new TempTree().write({ 'src/m0.js': 1, 'src/m1.js': 2, 'test/fixtures/src/x.ts': 3 });
    try {
      const both = (await search(stray, { pattern: 'src/**/*.ts' })).text;
      assert.match(both, /^- 2 files end in "\.js" instead: /m);
      // And the files of its own ending at any depth, which may be the ones meant (regression:
      // a monorepo's packages/*\/src/*.ts went unnamed beside a top src/ of .js files).
      assert.match(both, /At any depth 1 file matches: "test\/fixtures\/src\/x\.ts"\. "pattern": "\*\*\/src\/\*\*\/\*\.ts" finds it\.$/m);
    } finally {
      stray.remove();
    }
  });

  it('names the files a file pattern finds one level down, and those with the name a path gives, elsewhere', async () => {
    tree.write({ 'lib/utils/helpers.ts': 1, 'packages/ui/src/components/button/Button.tsx': 2, 'packages/ui/src/components/button/Button.test.tsx': 3, 'lib/utils/index.ts': 4 });
    const buttons = ['"packages/ui/src/components/button/Button.test.tsx"', '"packages/ui/src/components/button/Button.tsx"'] as const;
    for (const [pattern, line] of [
      ['**/components/*.tsx', '- 2 files match with "**/" before the name, in subdirectories: "packages/ui/src/components/button/Button.test.tsx", "packages/ui/src/components/button/Button.tsx". "pattern": "**/components/**/*.tsx" finds them.'],
      ['packages/ui/src/Button.tsx', '- 1 file matches with "**/" before the name, in subdirectories: "packages/ui/src/components/button/Button.tsx". "pattern": "packages/ui/src/**/Button.tsx" finds it.'],
      ['packages/ui/src/index.ts', '- 1 file named "index.*" lies elsewhere: "lib/utils/index.ts". "pattern": "**/index.*" finds it.'],
      ['src/utils/helpers.ts', '- 1 file named "helpers.*" lies elsewhere: "lib/utils/helpers.ts". "pattern": "**/helpers.*" finds it.'],
      // With another extension too.
      ['src/utils/helpers.js', '- 1 file named "helpers.*" lies elsewhere: "lib/utils/helpers.ts". "pattern": "**/helpers.*" finds it.'],
      // Names with wildcards, by those alone.
      ['lib/**/*.test.tsx', '- 1 file named "*.test.tsx" lies elsewhere: "packages/ui/src/components/button/Button.test.tsx". "pattern": "**/*.test.tsx" finds it.'],
      // A related ending that lies one level down and below only.
      ['packages/ui/src/*.jsx', '- 2 files end in ".tsx" instead: "packages/ui/src/components/button/Button.test.tsx", "packages/ui/src/components/button/Button.tsx". "pattern": "packages/ui/src/**/*.tsx" finds them.'],
    ] as const) {
      await assertEmptyAnswerHas(tree, pattern, line, buttons);
    }
    // A missing directory that lies deeper inside its parent.
    for (const [pattern, line] of [
      ['packages/ui/components/**', '- "packages/ui/components/" does not exist in the workspace, but "components/" lies deeper inside "packages/ui/", where 2 files match: "packages/ui/src/components/button/Button.test.tsx", "packages/ui/src/components/button/Button.tsx". "pattern": "packages/ui/**/components/**" finds them.'],
      ['packages/ui/button/*.tsx', '- "packages/ui/button/" does not exist in the workspace, but "button/" lies deeper inside "packages/ui/", where 2 files match: "packages/ui/src/components/button/Button.test.tsx", "packages/ui/src/components/button/Button.tsx". "pattern": "packages/ui/**/button/*.tsx" finds them.'],
    ] as const) {
      await assertEmptyAnswerHas(tree, pattern, line, buttons);
    }
    // Where one level down finds the file, the name alone adds nothing.
    const down = await search(tree, { pattern: 'packages/ui/src/Button.tsx' });
    assert.doesNotMatch(down.text, /lies? elsewhere/);
    // Nor where the pattern at any depth finds it.
    const anyDepth = await search(tree, { pattern: 'utils/helpers.ts' });
    assert.match(anyDepth.text, /At any depth 1 file matches: "lib\/utils\/helpers\.ts"\./);
    assert.doesNotMatch(anyDepth.text, /lies? elsewhere/);
    // Nothing one level down; names that are wildcards all but one character are not looked for alone.
    const none = await search(tree, { pattern: 'lib/utils/?.*' });
    assert.doesNotMatch(none.text, /before the name|lies? elsewhere/);
  });

  it('names the directory with a name near one the pattern names after a wildcard, and what it finds there', async () => {
    tree.write({
      'packages/core/test/a.test.ts': 1, 'packages/ui/test/b.test.ts': 2, 'packages/web/Tests/c.test.ts': 3,
      'packages/hidden/test/d.test.ts': 4, 'packages/cli/testing/e.ts': 5, 'packages/web/src/test/f.ts': 6,
    });
    writeFileSync(tree.path('.gitignore'), 'packages/hidden/\n');
    // "test" beside "tests" in two packages; not the ignored one, nor "Tests" (another case only:
    // the caseless look tells it) or "testing" (not near).
    const line = '- No directory matches "packages/*/tests/", but "packages/*/test/" does, where 2 files match: "packages/core/test/a.test.ts", "packages/ui/test/b.test.ts". "pattern": "packages/*/test/*.ts" finds them.';
    await assertEmptyAnswerHas(tree, 'packages/*/tests/*.ts', line, ['"packages/core/test/a.test.ts"', '"packages/ui/test/b.test.ts"']);
    // A trailing "/": what is under it; the line speaks of the same directory.
    await assertEmptyAnswerHas(tree, 'packages/*/tests/', line.replace('"packages/*/test/*.ts" finds', '"packages/*/test/" finds'), ['"packages/core/test/a.test.ts"', '"packages/ui/test/b.test.ts"']);
    // The first of the directories after a wildcard whose near name finds files.
    await assertEmptyAnswerHas(
      tree,
      'packages/*/src/tests/*.ts',
      '- No directory matches "packages/*/src/tests/", but "packages/*/src/test/" does, where 1 file matches: "packages/web/src/test/f.ts". "pattern": "packages/*/src/test/*.ts" finds it.',
      // One example: nothing to take in either order.
      ['"packages/web/src/test/f.ts"', '"packages/web/src/test/f.ts"'],
    );
    // A missing directory with none near beside it: the same, one level further down.
    await assertEmptyAnswerHas(tree, 'packages/tests/*.ts', line, ['"packages/core/test/a.test.ts"', '"packages/ui/test/b.test.ts"']);
    // And two levels down, from the root of a monorepo.
    await assertEmptyAnswerHas(
      tree,
      'tests/*.ts',
      '- No directory matches "*/*/tests/", but "*/*/test/" does, where 2 files match: "packages/core/test/a.test.ts", "packages/ui/test/b.test.ts". "pattern": "*/*/test/*.ts" finds them.',
      ['"packages/core/test/a.test.ts"', '"packages/ui/test/b.test.ts"'],
    );
    // After "**" too, at whatever depth the near one lies.
    const anyDepth = '- No directory matches "**/tests/", but "**/test/" does, where 3 files match: ';
    for (const pattern of ['**/tests/*.ts', 'packages/**/tests/*.ts']) {
      const text = (await search(tree, { pattern })).text;
      assert.ok(text.includes(pattern.startsWith('**') ? anyDepth : anyDepth.replaceAll('"**/', '"packages/**/')), text);
      assert.equal((await search(tree, { pattern: pattern.replace('tests', 'test') })).total, 3, pattern);
    }
    // Nothing said where the near one holds no match.
    assert.doesNotMatch((await search(tree, { pattern: 'packages/*/tests/*.py' })).text, /No directory matches/);
  });

  it('offers the nearest directory name first, and of those the one with the most files', async () => {
    // Regression: "**/tests/**" in a Jest monorepo was pointed to "**/test3/", a fixture's five
    // files one letter off, not to "__tests__/", where the tests are.
    tree.write({ 'pkg/a/__tests__/x.ts': 1, 'pkg/b/__tests__/y.ts': 2, 'pkg/b/__tests__/z.ts': 3, 'pkg/c/test3/q.ts': 4, 'pkg/c/test3/r.ts': 5, 'pkg/c/test3/s.ts': 6, 'pkg/c/test3/t.ts': 7, 'pkg/test/u.ts': 8 });
    const text = (await search(tree, { pattern: '**/tests/**' })).text;
    assert.match(text, /^- No directory matches "\*\*\/tests\/", but "\*\*\/__tests__\/" does, where 3 files match: /m);
    assert.equal((await search(tree, { pattern: '**/__tests__/**' })).total, 3);
    // "test/" is as near, with fewer files; "test3/" is nearer than nothing.
    assert.match((await search(tree, { pattern: 'pkg/tests/*.ts' })).text, /"pkg\/test\/" does, where 1 file matches/);
    assert.match((await search(tree, { pattern: 'pkg/*/tests3/*.ts' })).text, /"pkg\/\*\/test3\/" does, where 4 files match/);
  });

  it('keeps every directory beside a missing one when no time is left to look (regression: a negative bound threw)', async () => {
    tree.write({ 'docs/a.md': 1 });
    const request = await resolveRequest({ pattern: 'src/**/*.py' }, { folders: [{ name: basename(tree.root), path: tree.root }] });
    const options = { ripgrepPath: await testRipgrep(), rulesFor: () => DEFAULT_RULES, signal: new AbortController().signal };
    // AbortSignal.timeout throws on a negative or fractional bound; what is left of the time may be either.
    for (const timeLimitMs of [-5, 0.5]) {
      assert.deepEqual(await searchedDirectories(request, { parent: [], names: ['docs', 'empty'] }, { ...options, timeLimitMs }), ['docs', 'empty'], `${timeLimitMs}`);
    }
  });

  it('names files with a name near the one given, the directories where a missing one is not, and other documentation formats', async () => {
    tree.write({
      'mypkg/sub/util.py': 1, 'mypkg/utils2.py': 2, 'mypkg/core.py': 3, 'tests/unit/test_core.py': 4, 'requirements-dev.txt': 5, 'docs/index.rst': 6,
      'web/lib/helpers.ts': 7,
      'tsconfig.base.json': 7, '.venv/lib/site.py': 8, 'ignored/util.py': 9,
    });
    writeFileSync(tree.path('.gitignore'), 'ignored/\n');
    const near = (pattern: string, meant: string, files: readonly string[]): RegExp => {
      const examples = files.map((file) => `"${escapeRegExp(file)}"`).join('|');
      const counted = files.length === 1 ? '1 file has' : `${files.length} files have`;
      const globs = meant.split('|').map(escapeRegExp).join('|');
      return new RegExp(`^- ${counted} a name near "${escapeRegExp(pattern.slice(pattern.lastIndexOf('/') + 1))}": (${examples})(, (${examples}))*\\. "pattern": "(${globs})" finds (it|them)\\.$`, 'm');
    };
    for (const [pattern, meant, files] of [
      // One letter off or the other number, and the stem with more after "-", "_" or "."; anywhere, not ignored.
      // One file of each name: the glob has them in listing order.
      ['mypkg/utils.py', '{util.py,utils2.py}|{utils2.py,util.py}', ['mypkg/sub/util.py', 'mypkg/utils2.py']],
      ['requirements.txt', 'requirements-dev.txt', ['requirements-dev.txt']],
      ['tests/test_cores.py', 'test_core.py', ['tests/unit/test_core.py']],
      // A near name with a related extension.
      ['web/helper.js', 'helpers.ts', ['web/lib/helpers.ts']],
    ] as const) {
      const result = await search(tree, { pattern });
      assert.equal(result.total, 0, pattern);
      assert.match(result.text, near(pattern, meant, files), pattern);
      assert.deepEqual((await search(tree, { pattern: meant.split('|')[0] })).page.map((path) => path.path).sort(), [...files].sort(), meant);
    }
    // None near; and where the name has files with another extension, those are named instead.
    assert.doesNotMatch((await search(tree, { pattern: 'setup.py' })).text, /a name near/);
    const tsconfig = await search(tree, { pattern: 'tsconfig.json' });
    assert.match(tsconfig.text, /the same name with any extension: "tsconfig\.base\.json"/);
    assert.doesNotMatch(tsconfig.text, /a name near/);
    // reStructuredText beside Markdown.
    assert.match((await search(tree, { pattern: 'docs/*.md' })).text, /^- 1 file ends in "\.rst" instead: "docs\/index\.rst"\. "pattern": "docs\/\*\.rst" finds it\.$/m);
    // A missing directory with none near: those there are (hidden ones too, which the search
    // walks, but not "ignored/", which .gitignore hides, nor "empty/", without a file; "java/"
    // too, whose files lie deep), and the only one.
    mkdirSync(tree.path('empty/inside'), { recursive: true });
    tree.write({ 'java/main/java/com/App.java': 12, '.git/HEAD': 13 });
    assert.match((await search(tree, { pattern: 'src/**/*.py' })).text, /^- "src\/" does not exist in the workspace\. The directories at the top are "\.venv\/", "docs\/", "java\/", "mypkg\/", "tests\/", "web\/"\.$/m);
    // Not those the settings exclude, unless ignored files are asked for.
    tree.write({ 'node_modules/pkg/index.js': 11 });
    assert.match((await search(tree, { pattern: 'src/**/*.py' }, { rules: VSCODE_DEFAULT_RULES })).text, /The directories at the top are "\.venv\/", "docs\/", "java\/", "mypkg\/", "tests\/", "web\/"\.$/m);
    assert.match(
      (await search(tree, { pattern: 'src/**/*.py', includeIgnored: true }, { rules: VSCODE_DEFAULT_RULES })).text,
      /The directories at the top are "\.venv\/", "docs\/", "ignored\/", "java\/", "mypkg\/", "node_modules\/", "tests\/", "web\/"\.$/m,
    );
    // Without the empty answer's walks, those on disk; never version-control metadata (".git/"),
    // which the search never enters.
    assert.match(
      (await search(tree, { pattern: 'src/**/*.py' }, { emptyProbeMs: 0 })).text,
      /The directories at the top are "\.venv\/", "docs\/", "empty\/", "ignored\/", "java\/", "mypkg\/", "node_modules\/", "tests\/", "web\/"\.$/m,
    );
    // In a multi-root workspace the pattern is matched in each folder: the directories of all of them.
    const other = new TempTree();
    try {
      other.write({ 'lib/a.rb': 1 });
      const folders = [{ name: 'one', path: tree.root }, { name: 'two', path: other.root }];
      const multi = await glob({ pattern: 'src/**/*.py' }, folders, { ripgrepPath: await testRipgrep() });
      assert.match(multi.text, /^- "src\/" does not exist in the 2 workspace folders\. The directories at the top are "\.venv\/", "docs\/", "java\/", "lib\/", "mypkg\/", "node_modules\/", "tests\/", "web\/"\.$/m);
    } finally {
      other.remove();
    }
    assert.match((await search(tree, { pattern: 'tests/lib/*.py' })).text, /^- "tests\/lib\/" does not exist in the workspace\. The only directory in "tests\/" is "unit\/"\.$/m);
  });

  it('offers a near name or directory that starts with "!" in a pattern that finds it, not a negation', async () => {
    // Regression: "!todo.md" and "!drafts/*.md" were offered as written, and a leading "!" makes
    // a glob a negation: following either found every other file.
    tree.write({ 'notes/!todo.md': 1, '!drafts/a.md': 2, 'other.txt': 3 });
    const shown = async (pattern: string): Promise<string[]> => (await search(tree, { pattern })).page.map((path) => path.path);
    const name = await search(tree, { pattern: 'todo.md' });
    assert.match(name.text, /^- 1 file has a name near "todo\.md": "notes\/!todo\.md"\. "pattern": "\*\*\/!todo\.md" finds it\.$/m);
    assert.deepEqual(await shown('**/!todo.md'), ['notes/!todo.md']);
    const directory = await search(tree, { pattern: 'drafts/*.md' });
    assert.match(directory.text, /^- "drafts\/" does not exist in the workspace, but "!drafts\/" does, where 1 file matches: "!drafts\/a\.md"\. "pattern": "\/!drafts\/\*\.md" finds it\.$/m);
    assert.deepEqual(await shown('/!drafts/*.md'), ['!drafts/a.md']);
  });

  it('offers near names holding braces or commas in brackets, so the pattern offered is valid and finds them all', async () => {
    // Regression: "rea{me.md" was offered as written (the one name offered, since it could not
    // stand in "{...}"): an invalid glob, "unclosed alternate group"; "rea}me.md" the same; and
    // "finds them" counted files of names that were not offered.
    const braces = new TempTree().write({ 'n/rea{me.md': 1, 'm/rea}me.md': 2, 'k/rea,me.md': 3, 'other.txt': 4 });
    try {
      const empty = await search(braces, { pattern: 'readme.md' });
      const offered = /^- 3 files have a name near "readme\.md": .*"pattern": "(.*)" finds them\.$/m.exec(empty.text)?.[1];
      assert.ok(offered !== undefined, empty.text);
      const found = await search(braces, { pattern: JSON.parse(`"${offered}"`) as string });
      assert.deepEqual(found.page.map((path) => path.path).sort(), ['k/rea,me.md', 'm/rea}me.md', 'n/rea{me.md']);
    } finally {
      braces.remove();
    }
  });

  it('counts the files of the near names offered, not of every near name', async () => {
    // Regression: with more near names than the three offered, "5 files ... finds them" was said
    // of a glob that finds 4.
    const many = new TempTree().write({ 'a/readme1.md': 1, 'b/readme2.md': 2, 'c/readme3.md': 3, 'd/readme4.md': 4, 'e/readme4.md': 5 });
    try {
      const empty = await search(many, { pattern: 'readme.md' });
      const said = /^- (\d+) files have a name near "readme\.md"[:,] .*"pattern": "(.*)" finds them\.$/m.exec(empty.text);
      assert.ok(said, empty.text);
      assert.equal((await search(many, { pattern: said[2] })).total, Number(said[1]));
      assert.equal(said[1], '4');
    } finally {
      many.remove();
    }
  });

  it('says to pass a workspace folder as "path" for a pattern that starts with its name, as paths are shown', async () => {
    const app = new TempTree().write({ 'src/main.ts': 1, 'src/lib/util.ts': 2 });
    const api = new TempTree().write({ 'src/server.ts': 3 });
    try {
      const ripgrepPath = await testRipgrep();
      const folders = [{ name: 'app', path: app.root }, { name: 'api', path: api.root }];
      // The answer shows "app/src/main.ts"; a model writes the folder's name into the pattern.
      const shown = await glob({ pattern: 'src/*.ts' }, folders, { ripgrepPath });
      assert.deepEqual(shown.page.map((path) => path.shown).sort(), ['api/src/server.ts', 'app/src/main.ts']);
      for (const [input, path, pattern] of [
        [{ pattern: 'app/src/*.ts' }, 'app', 'src/*.ts'],
        [{ pattern: 'app/**' }, 'app', '**'],
        // A "path" found in both folders: its paths start with the folder's name too.
        [{ pattern: 'app/src/*.ts', path: 'src' }, 'app/src', './*.ts'],
      ] as const) {
        const result = await glob(input, folders, { ripgrepPath });
        assert.equal(result.total, 0, input.pattern);
        const line = `"path": ${JSON.stringify(path)}, "pattern": ${JSON.stringify(pattern)}.`;
        assert.ok(result.text.includes(`, so it looked for ${path}/ within each. To search ${JSON.stringify(path)} alone, pass it as "path" and the rest as the pattern: ${line}`), result.text);
        // Not that the folder's name is a missing directory, nor files of every folder elsewhere.
        assert.doesNotMatch(result.text, /does not exist|lies? elsewhere/, input.pattern);
        const followed = await glob({ pattern, path }, folders, { ripgrepPath });
        assert.ok(followed.total > 0 && followed.page.every((found) => found.shown.startsWith('app/')), JSON.stringify(followed.page));
        const [offered] = nextSearches(result, undefined, input);
        assert.deepEqual(offered?.input, { ...input, pattern, path });
      }
    } finally {
      app.remove();
      api.remove();
    }
  });

  it('says to pass the folder of the name a pattern starts with, a name that holds "/" too', async () => {
    // Regression: beside a folder named "docs", one named "front/end" (a workspace file may name
    // it so) was passed over: "front/end/src/*.ts" was not said to mean "src/*.ts" in "front/end".
    const docs = new TempTree().write({ 'a.md': 1 });
    const front = new TempTree().write({ 'docs/a.md': 1 });
    const end = new TempTree().write({ 'src/main.ts': 1 });
    try {
      const ripgrepPath = await testRipgrep();
      const folders = [{ name: 'docs', path: docs.root }, { name: 'front/end', path: end.root }];
      const result = await glob({ pattern: 'front/end/src/*.ts' }, folders, { ripgrepPath });
      assert.equal(result.total, 0);
      assert.ok(result.text.includes('To search "front/end" alone, pass it as "path" and the rest as the pattern: "path": "front/end", "pattern": "src/*.ts".'), result.text);
      const followed = await glob({ pattern: 'src/*.ts', path: 'front/end' }, folders, { ripgrepPath });
      assert.deepEqual(followed.page.map((path) => path.shown), ['front/end/src/main.ts']);
      // Beside a folder named "front", it is shown, and named to the model, as "front-end" (folderNames.ts).
      const beside = [{ name: 'front', path: front.root }, { name: 'front/end', path: end.root }];
      const besideResult = await glob({ pattern: 'front-end/src/*.ts' }, beside, { ripgrepPath });
      assert.ok(besideResult.text.includes('To search "front-end" alone, pass it as "path" and the rest as the pattern: "path": "front-end", "pattern": "src/*.ts".'), besideResult.text);
    } finally {
      docs.remove();
      front.remove();
      end.remove();
    }
  });

  it('does not advise "**/" for a pattern that already starts with it', async () => {
    tree.write({ 'src/a.ts': 1 });
    const result = await search(tree, { pattern: '**/*.md' });
    assert.equal(result.total, 0);
    assert.doesNotMatch(result.text, /\*\*\/\*\*\//);
    assert.doesNotMatch(result.text, /anchored/);
  });

  it('says how to search a directory outside the workspace that an absolute pattern names', async () => {
    // A model that writes an absolute path as the pattern means that place; "start it with **/"
    // would send it looking inside the workspace instead.
    const outside = new TempTree().write({ 'notes/a.md': 1, 'notes/old/b.md': 2 });
    try {
      tree.write({ 'src/a.ts': 1 });
      const walks: RipgrepEvent[] = [];
      const result = await search(tree, { pattern: `${outside.root}/notes/*.md` }, { onRipgrep: (event) => walks.push(event) });
      assert.equal(result.total, 0);
      // No look at what near patterns would match inside the workspace: the place meant is outside.
      assert.equal(walks.filter((event) => event.purpose === 'countNear').length, 0);
      // Regression: "pattern": "*.md" from there, which matches at every depth (notes/old/b.md too).
      assert.ok(result.text.includes(`"path": ${JSON.stringify(outside.path('notes'))}, "pattern": "./*.md".`), result.text);
      assert.doesNotMatch(result.text, /start it with "\*\*\/"/);
      // Its directories are that place's, not missing ones of the workspace.
      assert.doesNotMatch(result.text, /does not exist/);
      // "~/" is the home directory: the same advice, without the word on a leading "/".
      const fromHome = await withHome(outside.root, () => search(tree, { pattern: '~/notes/*.md' }));
      assert.ok(fromHome.text.includes(`- "~/" is the home directory, and the pattern starts with ${JSON.stringify(outside.path('notes'))}, a directory outside the workspace, but a pattern is matched inside the workspace. To search that directory, pass it as "path" and the rest as the pattern: "path": ${JSON.stringify(outside.path('notes'))}, "pattern": "./*.md".`), fromHome.text);
      const followed = await search(tree, { pattern: './*.md', path: outside.path('notes') });
      assert.deepEqual(followed.page.map((path) => path.path), [outside.path('notes', 'a.md')]);
      // Regression: after an includeIgnored search the path and pattern came without it.
      const ignoring = await search(tree, { pattern: `${outside.root}/notes/*.md`, includeIgnored: true });
      assert.ok(ignoring.text.includes(`"path": ${JSON.stringify(outside.path('notes'))}, "pattern": "./*.md" with "includeIgnored": true.`), ignoring.text);
      // Everything under it for a pattern that ends in "/", and the directories after it kept.
      assert.ok((await search(tree, { pattern: `${outside.root}/notes/` })).text.includes(`"path": ${JSON.stringify(outside.path('notes'))}, "pattern": "*".`));
      assert.ok((await search(tree, { pattern: `${outside.root}/notes/old/*.md` })).text.includes(`"path": ${JSON.stringify(outside.path('notes', 'old'))}, "pattern": "./*.md".`));
      // An absolute pattern inside the workspace is split into root and pattern instead.
      const inside = await search(tree, { pattern: `${tree.root}/src/*.md` });
      assert.equal(inside.total, 0);
      // It names its place on purpose: the advice says so, with the same names at any depth.
      assert.match(inside.text, /is an absolute path, so only that place was searched\. At any depth it finds nothing either: no file matches "\*\*\/src\/\*\.md"\./);
      assert.doesNotMatch(inside.text, /start it with "\*\*\/"/);
    } finally {
      outside.remove();
    }
  });

  it('says a negated absolute pattern naming a directory outside the workspace left out no file (regression: every file was listed unsaid)', async () => {
    const outside = new TempTree().write({ 'notes/a.md': 1, 'notes/b.txt': 2, 'notes/old/c.md': 3 });
    try {
      tree.write({ 'src/a.ts': 1, 'docs/b.md': 2 });
      const notes = JSON.stringify(outside.path('notes'));
      const result = await search(tree, { pattern: `!${outside.root}/notes/*.md` });
      assert.deepEqual(result.page.map((path) => path.shown).sort(), ['docs/b.md', 'src/a.ts']);
      const where = `starts with ${notes}, a directory outside the workspace, but a pattern is matched inside the workspace: a leading "/" only anchors it there`;
      assert.ok(
        result.text.includes(`The pattern after its "!" ${where}, so it left out no file. To list the files of that directory it does not match, pass it as "path" and the rest, with its "!", as the pattern: "path": ${notes}, "pattern": "!./*.md".`),
        result.text,
      );
      // The positive form's line, but for the "!".
      assert.ok((await search(tree, { pattern: `${outside.root}/notes/*.md` })).text.includes(`- The pattern ${where}. To search that directory,`));
      // The call it gives lists that directory's files but those it names.
      const followed = await search(tree, { pattern: '!./*.md', path: outside.path('notes') });
      assert.deepEqual(followed.page.map((path) => path.path).sort(), [outside.path('notes', 'b.txt'), outside.path('notes', 'old', 'c.md')]);
      // Left out whole, the directory has no file left to list: no call.
      const whole = await search(tree, { pattern: `!${outside.root}/notes/` });
      assert.ok(whole.text.includes(`The pattern after its "!" ${where}, so it left out no file.`), whole.text);
      assert.doesNotMatch(whole.text, /"path":/);
      const fromHome = await withHome(outside.root, () => search(tree, { pattern: '!~/notes/*.md' }));
      assert.ok(fromHome.text.includes(`"~/" is the home directory, and the pattern after its "!" starts with ${notes}, a directory outside the workspace, but a pattern is matched inside the workspace, so it left out no file.`), fromHome.text);
    } finally {
      outside.remove();
    }
  });

  it('gives no pattern ending in "/" for a directory outside the workspace, which it would look for inside (regression: that advice found nothing)', async () => {
    const outside = new TempTree().write({ 'notes/a.md': 1 });
    try {
      tree.write({ 'src/a.ts': 1 });
      for (const pattern of [outside.path('notes'), `${outside.root}/notes/old`]) {
        const result = await search(tree, { pattern });
        assert.equal(result.total, 0);
        assert.ok(result.text.includes(`"path": ${JSON.stringify(outside.path('notes'))}`), result.text);
        // The pattern with "/" after it is matched inside the workspace too, and finds nothing.
        assert.ok(!result.text.includes(`"pattern": ${JSON.stringify(`${pattern}/`)}`), result.text);
        assert.equal((await search(tree, { pattern: `${pattern}/` })).total, 0);
      }
    } finally {
      outside.remove();
    }
  });

  it('reads ".", ".." and empty segments in a pattern as in a path, and keeps "./" anchored', async () => {
    tree.write({ 'package.json': 1, 'src/core/glob.ts': 2, 'src/cli.ts': 3, 'src/fixture/package.json': 4 });
    // Regression: "./*.json" matched src/fixture/package.json too, as if it were "*.json".
    const rootOnly = await search(tree, { pattern: './*.json' });
    assert.deepEqual(rootOnly.page.map((path) => path.shown), ['package.json']);
    assert.equal(rootOnly.pattern, './*.json');
    for (const pattern of ['src//core/*.ts', 'src/./core/*.ts', 'src/cli/../core/*.ts']) {
      const result = await search(tree, { pattern });
      assert.deepEqual(result.page.map((path) => path.shown), ['src/core/glob.ts'], pattern);
    }
  });

  it('reports ripgrep warnings (exit code 2) with the results', async () => {
    tree.write({ 'real.txt': 1 });
    symlinkSync(tree.path('missing-target'), tree.path('dangling.txt'));
    const result = await search(tree, { pattern: '*.txt' }, { rules: { followSymlinks: true } });
    assert.equal(result.total, 1);
    assert.equal(result.warnings.count, 1);
    assert.match(result.text, /ripgrep met 1 path that leads nowhere .*dangling\.txt/);
  });

  // Regressions: a link to nothing named "bro\nken" spans lines of ripgrep's stderr, read one by
  // one as three warnings: "met 1 path that leads nowhere: ken: No such file ..." and "2 problems
  // reading the tree, so files below those paths may be missing: rg: ./bro; ken: ...". Then stderr's
  // empty lines were dropped before the lines of one message were joined, so one named "x\n\ny"
  // read "./x\ny" and counted as 3 warnings: "ripgrep reported 3 problems reading the tree".
  for (const [name, shown] of [
    // Each with the pattern of its quoted form ("\\n" inside the quotes).
    ['bro\nken', 'bro\\\\nken'],
    ['x\n\ny', 'x\\\\n\\\\ny'],
  ]) {
    it(`reads a ripgrep warning about a link to nothing named ${JSON.stringify(name)} as one warning`, async () => {
      tree.write({ 'real.txt': 1 });
      symlinkSync(tree.path('missing-target'), tree.path(name));
      const result = await search(tree, { pattern: '*.txt' }, { rules: { followSymlinks: true } });
      assert.equal(result.warnings.count, 1);
      assert.match(result.text, new RegExp(`^ripgrep met 1 path that leads nowhere .*: "(rg: )?\\./${shown}: .*No such file or directory \\(os error 2\\)"\\.$`, 'm'));
      assert.doesNotMatch(result.text, /problem/);
    });
  }

  it('reads a link to nothing whose name\'s line starts or ends as a message does as one warning', async () => {
    // Regression: links named "c\nrg: d" and "g: No such file or directory (os error 2)\nh" beside
    // three others: "ripgrep met 6 paths that lead nowhere" and "ripgrep reported 2 problems
    // reading the tree, so files below those paths may be missing: rg: ./c; …".
    tree.write({ 'real.txt': 1 });
    for (const name of ['a', 'b', 'e', 'c\nrg: d', 'g: No such file or directory (os error 2)\nh']) {
      symlinkSync(tree.path('missing-target'), tree.path(name));
    }
    const result = await search(tree, { pattern: '*' }, { rules: { followSymlinks: true } });
    assert.equal(result.warnings.count, 5);
    assert.match(result.text, /^ripgrep met 5 paths that lead nowhere /m);
    assert.doesNotMatch(result.text, /problem/);
  });

  it('says a class never matches "/", and offers the pattern with the "/" outside it', async () => {
    // Regression: for "src[/]*" it said the pattern "contains "/"" so it is anchored, and offered
    // "pattern": "src[/]*/", which matches nothing either.
    tree.write({ 'src/a.ts': 1 });
    const result = await search(tree, { pattern: 'src[/]*' });
    assert.equal(result.total, 0);
    assert.match(result.text, /^- A "\[…\]" class matches one character of a name, never the "\/" between two names, so the "\/" in "\[\/\]" matches nothing\. With the "\/" outside it: "pattern": "src\/\*"\.$/m);
    assert.doesNotMatch(result.text, /contains "\/"|src\[\/\]\*\//);
    const meant = await search(tree, { pattern: 'src/*' });
    assert.deepEqual(meant.page.map((path) => path.shown), ['src/a.ts']);
  });

  it('names the class that holds a pattern\'s only "/" where it says the "/" anchors it', async () => {
    // Regression: "srcq[!/]ts" was "anchored because it contains "/"", where the only "/" is the
    // one "[!/]" leaves out, which separates no names. ripgrep anchors it all the same (any "/"
    // does; the differential test in pattern.test.ts pins that), and so does the tool: the
    // sentence now says which "/" it is.
    tree.write({ 'a/srcq.ts': 1, 'srcq/ts': 2 });
    const result = await search(tree, { pattern: 'srcq[!/]ts' });
    assert.equal(result.total, 0);
    assert.match(result.text, /^- The pattern contains "\/" only in "\[!\/\]", where it separates no names, but a "\/" anywhere anchors a pattern, as in ripgrep, so it is anchored to .* At any depth 1 file matches: "a\/srcq\.ts"\. "pattern": "\*\*\/srcq\[!\/\]ts" finds it\.$/m);
    // Every class that holds one is named, each once. Regression: only the first was.
    const two = await search(tree, { pattern: 'srcq[!/]t[!/_]s[!/]' });
    assert.match(two.text, /^- The pattern contains "\/" only in "\[!\/\]", "\[!\/_\]", where it separates no names/m);
    // An escaped "/" matches the "/" between two names, as a bare one does: no class to name.
    const escaped = await search(tree, { pattern: 'srcq\\/ts' });
    assert.deepEqual(escaped.page.map((path) => path.shown), ['srcq/ts']);
    const deeper = await search(tree, { pattern: 'a\\/srcq\\/ts' });
    assert.match(deeper.text, /^- The pattern contains "\/", so it is anchored /m);
  });

  it('says more links to nothing than it quotes lead nowhere, not that they may hide files', async () => {
    // Regression: only the first 20 warnings were kept, and with more than were kept none was
    // called harmless, so 25 links to nothing were "25 problems reading the tree, so files below
    // those paths may be missing", the false alarm the footer words links to nothing against.
    tree.write({ 'real.txt': 1 });
    for (let i = 0; i < 25; i += 1) {
      symlinkSync(tree.path(`missing-${i}`), tree.path(`link-${i}`));
    }
    const result = await search(tree, { pattern: '*.txt' }, { rules: { followSymlinks: true } });
    assert.equal(result.warnings.count, 25);
    assert.match(result.text, /^ripgrep met 25 paths that lead nowhere .*; …\.$/m);
    assert.doesNotMatch(result.text, /problem/);
  });

  it('quotes no warning cut short at the end of the part of stderr read', async () => {
    // Regression: past the 64 KB of stderr read, the last line read was cut in the middle of its
    // name and quoted as a problem that may hide files: "ripgrep reported 854 problems reading the
    // tree, so files below those paths may be missing: rg: ./link-…-0956: IO error for operation on ./li".
    tree.write({ 'real.txt': 1 });
    const long = 'x'.repeat(100);
    for (let i = 0; i < 1000; i += 1) {
      symlinkSync(tree.path(`missing-${i}`), tree.path(`link-${long}-${String(i).padStart(4, '0')}`));
    }
    const result = await search(tree, { pattern: '*.txt' }, { rules: { followSymlinks: true } });
    assert.equal(result.warnings.count, 1000);
    assert.match(result.text, /^ripgrep met \d+ paths that lead nowhere /m);
    assert.match(result.text, /^ripgrep reported \d+ problems reading the tree, in more messages than are read here, so files may be missing\.$/m);
    assert.doesNotMatch(result.text, /files below those paths/);
  });

  it('reads a link loop whose ancestor has a newline in its name as one warning', async () => {
    // Regression: the message was taken to end at "points to an ancestor ", so the rest of the
    // ancestor's name after its newline ("y") was a warning of its own: "1 problem reading the
    // tree, so files below those paths may be missing: y".
    tree.write({ 'x\ny/f.txt': 1 });
    mkdirSync(tree.path('x\ny/inner'));
    symlinkSync('..', tree.path('x\ny/inner/up'));
    const result = await search(tree, { pattern: '*.txt' }, { rules: { followSymlinks: true } });
    assert.equal(result.warnings.count, 1);
    assert.match(result.text, /^ripgrep met 1 symbolic link that leads back .*: "(rg: )?File system loop found: \.\/x\\ny\/inner\/up points to an ancestor \.\/x\\ny"\.$/m);
    assert.doesNotMatch(result.text, /problem/);
  });

  it('reports no ripgrep warning about a path beside the search root or the pattern s directories', async () => {
    // Regression: ripgrep walks from the folder, narrowed by globs, and with links followed a
    // link to nothing at the top was a warning in every answer, "path": "docs" too.
    const links = new TempTree().write({ 'docs/guide/a.md': 1, 'src/b.md': 2 });
    try {
      // More than the 20 warning lines ripgrep's run keeps (regression: those past 20 stayed
      // counted, "ripgrep reported 6 problems ... may be missing: ; …").
      for (let i = 0; i < 25; i += 1) {
        symlinkSync(links.path('nowhere'), links.path(`broken-link-${i}`));
      }
      symlinkSync(links.path('nowhere'), links.path('docs', 'guide', 'broken.md'));
      const rules = { followSymlinks: true };
      const everywhere = await search(links, { pattern: '*.md' }, { rules });
      assert.equal(everywhere.warnings.count, 26);
      for (const input of [{ pattern: '*.md', path: 'docs' }, { pattern: 'docs/**' }, { pattern: '*.md', path: 'docs/guide' }]) {
        const result = await search(links, input, { rules });
        assert.equal(result.warnings.count, 1, JSON.stringify(input));
        assert.match(result.text, /ripgrep met 1 path that leads nowhere .*docs\/guide\/broken\.md/, JSON.stringify(input));
      }
      for (const input of [{ pattern: '*.md', path: 'src' }, { pattern: 'src/**' }]) {
        const result = await search(links, input, { rules });
        assert.equal(result.warnings.count, 0, JSON.stringify(input));
        assert.doesNotMatch(result.text, /ripgrep met/, JSON.stringify(input));
      }
    } finally {
      links.remove();
    }
  });

  it('keeps "includeIgnored" in the advice to look inside an entry, where the files counted are ignored ones', async () => {
    // Regression: "path": "node_modules" alone, which lists none of the files counted there.
    const ignoredTree = new TempTree().write({ 'node_modules/x/a.js': 1, 'node_modules/x/b.js': 2, 'node_modules/y/c.js': 3, 'node_modules/y/d.js': 4, 'src/e.js': 5 });
    try {
      writeFileSync(ignoredTree.path('.gitignore'), 'node_modules/\n');
      const sampled = await search(ignoredTree, { pattern: '*.js', includeIgnored: true }, { maxResults: 2 });
      assert.match(sampled.text, /^To see more of one entry, pass it as "path", for example "path": "node_modules", "includeIgnored": true\.$/m);
      const underOne = await search(ignoredTree, { pattern: '*.js', path: 'node_modules', includeIgnored: true }, { maxResults: 1 });
      assert.match(underOne.text, /pass one entry as "path" to look inside it, for example "path": "node_modules\/y", "includeIgnored": true\.$/m);
      const spread = await search(ignoredTree, { pattern: 'node_modules/**', includeIgnored: true }, { maxResults: 2 });
      assert.match(spread.text, /To see how they spread inside it, pass "path": "node_modules", "pattern": "\*", "includeIgnored": true\.$/m);
      // Without it, as before.
      assert.match((await search(ignoredTree, { pattern: '*.js' }, { maxResults: 2 })).text, /^(?![\s\S]*includeIgnored": true)/);
      // And in an empty answer's patterns, found with the ignored files (without, "**\/x/a.js" finds nothing).
      const empty = await search(ignoredTree, { pattern: 'x/a.js', includeIgnored: true });
      assert.match(empty.text, /"pattern": "\*\*\/x\/a\.js" with "includeIgnored": true finds it\./);
      assert.equal((await search(ignoredTree, { pattern: '**/x/a.js', includeIgnored: true })).total, 1);
    } finally {
      ignoredTree.remove();
    }
  });

  it('applies excludes, and a sibling-conditional exclude only where the sibling exists', async () => {
    tree.write({ 'a.ts': 1, 'a.js': 2, 'b.js': 3, 'gen/x.txt': 4, 'keep/x.txt': 5 });
    const rules = { excludeGlobs: ['gen/'], conditionalExcludes: [{ glob: '**/*.js', sibling: '$(basename).ts' }] };
    const result = await search(tree, { pattern: '*' }, { rules });
    assert.deepEqual(result.page.map((path) => path.shown), ['a.ts', 'b.js', 'keep/x.txt']);
    const lifted = await search(tree, { pattern: '*', includeIgnored: true }, { rules });
    assert.equal(lifted.total, 5);
  });

  it('reads a sibling-conditional exclude as VS Code does: "$(basename)" once, and a name as it is', async () => {
    // Regression: every "$(basename)" was replaced, and a "$&" in a name was read as a
    // replacement pattern, so neither match below found its sibling.
    tree.write({ 'n.md': 1, 'n.$(basename)': 2, 'd$&.js': 3, 'd$&.ts': 4 });
    const rules = {
      conditionalExcludes: [
        { glob: '**/*.md', sibling: '$(basename).$(basename)' },
        { glob: '**/*.js', sibling: '$(basename).ts' },
      ],
    };
    const result = await search(tree, { pattern: '{n,d}*' }, { rules });
    assert.deepEqual(result.page.map((path) => path.shown), ['n.$(basename)', 'd$&.ts']);
  });

  it('walks into a path given through a symbolic link, with the folder s ignore files and excludes', async () => {
    // Regression: the walk started at the link, so the folder's .gitignore no longer applied
    // ("link/debug.log", "link/secret/key.pem" listed, though "link/**" hid them) and an exclude
    // of the folder's top "build/" hid the link's own build/ instead.
    tree.write({ 'real/a.txt': 1, 'real/debug.log': 2, 'real/secret/key.txt': 3, 'real/build/out.txt': 4, 'build/top.txt': 5 });
    writeFileSync(tree.path('.gitignore'), '*.log\nsecret/\n');
    symlinkSync(tree.path('real'), tree.path('link'));
    const outside = new TempTree().write({ 'e.txt': 6, 'debug.log': 7 });
    try {
      symlinkSync(outside.root, tree.path('ext'));
      symlinkSync(outside.root, tree.path('real', 'extlink'));
      // Searching the folder's own root through a link back to it was "No files match": ripgrep
      // takes the link for a loop (regression of walking from the folder).
      symlinkSync(tree.root, tree.path('self'));
      const rules = { excludeGlobs: ['/build'] };
      const shown = async (input: Record<string, unknown>, followSymlinks: boolean): Promise<string[]> =>
        (await search(tree, input, { rules: { ...rules, followSymlinks } })).page.map((path) => path.shown).filter((path) => path.endsWith('.txt') || path.endsWith('.log'));
      // A link to a directory in the folder is searched as that directory, with the links in it
      // followed or not as the settings say.
      assert.deepEqual(await shown({ pattern: '*', path: 'link' }, false), ['real/a.txt', 'real/build/out.txt']);
      assert.deepEqual(await shown({ pattern: '*', path: 'link' }, true), ['real/a.txt', 'real/build/out.txt', 'real/extlink/e.txt']);
      assert.deepEqual(await shown({ pattern: '*.txt', path: 'self/real' }, false), ['real/a.txt', 'real/build/out.txt']);
      assert.deepEqual(await shown({ pattern: 'link/**' }, true), ['link/a.txt', 'link/build/out.txt', 'link/extlink/e.txt']);
      // One to a directory outside the folder is walked from the folder, through the link, with the
      // folder's ignore files ("*.log"), even where the search follows no links: it was asked for.
      assert.deepEqual(await shown({ pattern: '*', path: 'ext' }, false), ['ext/e.txt']);
    } finally {
      outside.remove();
    }
  });
});

describe('glob with the real ripgrep: errors a model can act on', () => {
  let tree: TempTree;
  before(() => {
    tree = new TempTree().write({ 'file.txt': 1, 'dir/a.txt': 2 });
  });
  after(() => tree.remove());

  it("reports an invalid glob with ripgrep's own reason", async () => {
    await rejectsWith(search(tree, { pattern: 'src/[a' }), 'invalidGlob', /^The pattern "src\/\[a" is not a valid glob: unclosed character class; missing '\]'\. Wrap a literal/);
    await rejectsWith(search(tree, { pattern: '{a,b' }), 'invalidGlob', /is not a valid glob: unclosed alternate group/);
    // Regression: ripgrep quotes the glob as it is, so a line break in it split the message, and
    // the reason after it was lost: 'is not a valid glob: error parsing glob '[.'.
    await rejectsWith(search(tree, { pattern: '[ab\nc' }), 'invalidGlob', /^The pattern "\[ab\\nc" is not a valid glob: unclosed character class; missing '\]'\. Wrap a literal/);
    // Regression: a lone surrogate reaches ripgrep as U+FFFD, so the glob it quoted was not found,
    // and the glob came a second time: 'is not a valid glob: error parsing glob '[a\uFFFD': unclosed'.
    await rejectsWith(search(tree, { pattern: '[a\ud800' }), 'invalidGlob', /^The pattern "\[a\\ud800" is not a valid glob: unclosed character class; missing '\]'\. Wrap a literal/);
  });

  it('says where a pattern that climbs above the search root with ".." points, and how to search there', async () => {
    const result = search(tree, { pattern: '../dir/*.txt', path: 'dir' });
    await rejectsWith(result, 'invalidInput', new RegExp(`climbs above the directory searched.*To search ${escapeRegExp(tree.path('dir'))}, pass it as "path" and "\\./\\*\\.txt" as "pattern"`));
    await rejectsWith(search(tree, { pattern: '../no-such-dir/*.txt' }), 'invalidInput', /points at .*no-such-dir, which is not a directory that exists/);
    await rejectsWith(search(tree, { pattern: 'dir/**/../a.txt' }), 'invalidInput', /".." right after "\*\*"/);
    // Regression: a rest that starts with "!" was offered as it was ("!dra*/a.md"), a negation
    // that finds every file but those.
    const drafts = new TempTree().write({ 'dir/!drafts/a.md': 1, 'dir/b.md': 2 });
    try {
      await rejectsWith(search(drafts, { pattern: '../dir/!dra*/a.md', path: 'dir' }), 'invalidInput', /pass it as "path" and "\.\/!dra\*\/a\.md" as "pattern"/);
      assert.deepEqual((await search(drafts, { pattern: './!dra*/a.md', path: 'dir' })).page.map((path) => path.shown), ['dir/!drafts/a.md']);
    } finally {
      drafts.remove();
    }
  });

  it('reports a missing path, a file given as path, and VCS metadata as path', async () => {
    await rejectsWith(search(tree, { pattern: '*', path: 'nope' }), 'pathNotFound', /does not exist/);
    // A directory named in another case is pointed at.
    await rejectsWith(search(tree, { pattern: '*', path: 'DIR' }), 'pathNotFound', new RegExp(`Names are case-sensitive here, and ${escapeRegExp(tree.path('dir'))} exists: pass that as "path"\\.`));
    // And one of a near name: the other number, or one letter off.
    for (const path of ['dirs', 'dri']) {
      await rejectsWith(search(tree, { pattern: '*', path }), 'pathNotFound', new RegExp(`"${path}" does not exist .*\\. ${escapeRegExp(tree.path('dir'))} exists: pass that as "path" if it is the directory meant\\.`));
    }
    // A glob given as "path" gets its directory part and its glob part back, apart.
    await rejectsWith(search(tree, { pattern: '*', path: 'dir/*.txt' }), 'pathNotFound', /takes no glob: pass the directory part as "path" \("dir"\) and the rest as "pattern" \("\.\/\*\.txt"\)/);
    await rejectsWith(search(tree, { pattern: '*', path: '**/*.txt' }), 'pathNotFound', /takes no glob: omit "path" and pass the glob as "pattern" \("\*\*\/\*\.txt"\)/);
    // Regression: the pattern given was dropped ("packages/*\/src" with "*.ts" was told "*\/src",
    // which finds nothing; "docs/**" with "*.md" was told "**", every file there).
    const monorepo = new TempTree().write({ 'packages/a/src/x.ts': 1, 'packages/a/src/y.js': 2, 'packages/a/lib/z.ts': 3, 'docs/a.md': 4, 'docs/sub/b.md': 5, 'docs/c.png': 6, 'lib/python3.11/site.py': 7 });
    try {
      for (const [path, pattern, directory, meant, found] of [
        ['packages/*/src', '*.ts', 'packages', '*/src/**/*.ts', ['packages/a/src/x.ts']],
        ['docs/**', '*.md', 'docs', '**/*.md', ['docs/a.md', 'docs/sub/b.md']],
        ['packages/*', 'src/*.ts', 'packages', '*/src/*.ts', ['packages/a/src/x.ts']],
        ['packages/*', './src/*.ts', 'packages', '*/src/*.ts', ['packages/a/src/x.ts']],
        ['packages/*/src', '/x.ts', 'packages', '*/src/x.ts', ['packages/a/src/x.ts']],
        // A path glob naming files is the pattern meant, one the pattern repeats ("*.md") too; one
        // naming directories with "*" is everything under them.
        ['docs/*.md', '*.md', 'docs', './*.md', ['docs/a.md']],
        ['docs/**/*.md', '**/*.md', 'docs', '**/*.md', ['docs/a.md', 'docs/sub/b.md']],
        ['packages/*/src', '*', 'packages', '*/src/', ['packages/a/src/x.ts', 'packages/a/src/y.js']],
        // A directory's name may hold a dot (regression: "lib/python3.*" was taken for files).
        ['lib/python3.*', '*.py', 'lib', 'python3.*/**/*.py', ['lib/python3.11/site.py']],
      ] as const) {
        const advice = new RegExp(`takes no glob: pass the directory part as "path" \\("${escapeRegExp(directory)}"\\) and the rest as "pattern" \\("${escapeRegExp(meant)}"\\)`);
        await rejectsWith(search(monorepo, { pattern, path }), 'pathNotFound', advice);
        const followed = await search(monorepo, { pattern: meant, path: directory });
        assert.deepEqual(followed.page.map((shown) => shown.path), found, `${path} with ${pattern}`);
      }
      // A negation cannot be joined: it would take in every other file under the directory.
      await rejectsWith(search(monorepo, { pattern: '!*.ts', path: 'packages/*/src' }), 'pathNotFound', /pass the directory part as "path" \("packages"\) and search each directory "\*\/src" names with the pattern "!\*\.ts", one at a time\./);
    } finally {
      monorepo.remove();
    }
    await rejectsWith(search(tree, { pattern: '*', path: 'file.txt' }), 'pathNotDirectory', /is a file, not a directory.*"pattern" \("\.\/file\.txt"\)/);
    // Regression: the name was offered as it is, which glob syntax reads otherwise: "[a].md"
    // found a.md, "!x.md" every other file, and "b.md" the one in sub/ too.
    const names = new TempTree().write({ 'd/[a].md': 1, 'd/a.md': 2, 'd/!x.md': 3, 'd/b.md': 4, 'd/sub/b.md': 5 });
    try {
      for (const [name, pattern] of [['[a].md', './[[]a].md'], ['!x.md', './!x.md'], ['b.md', './b.md']]) {
        await rejectsWith(search(names, { pattern: '*', path: `d/${name}` }), 'pathNotDirectory', new RegExp(escapeRegExp(`and its name as "pattern" (${JSON.stringify(pattern)})`)));
        assert.deepEqual((await search(names, { pattern, path: 'd' })).page.map((path) => path.shown), [`d/${name}`], name);
      }
    } finally {
      names.remove();
    }
    mkdirSync(tree.path('.git'), { recursive: true });
    await rejectsWith(search(tree, { pattern: '*', path: '.git' }), 'pathInMetadata', /version-control metadata/);
  });

  it('says a pattern that names version-control metadata finds nothing there, and nothing else', async () => {
    // Regression: ".git/config" was told to try "**/.git/config" and ".git/config/", and that
    // "includeIgnored" would not help, as if the repository had no such file.
    tree.write({ '.git/config': 1, '.git/hooks/pre-commit': 2, 'sub/.hg/store': 3, 'a.txt': 4 });
    for (const [pattern, name] of [['.git/config', '.git'], ['**/.git/hooks/*', '.git'], ['.git', '.git'], ['sub/.hg/*', '.hg']] as const) {
      for (const includeIgnored of [false, true]) {
        const result = await search(tree, { pattern, includeIgnored });
        assert.equal(result.text.split('\n').slice(1).join('\n'),
          `- The pattern names "${name}", version-control metadata, which this tool never lists (no file inside it, nor a file of that name), with "includeIgnored" or without. Read those files with a file-reading tool instead.`,
          pattern);
      }
    }
    // A negation matches everything else, and gets the files.
    const others = (await search(tree, { pattern: '!.git' })).page.map((path) => path.path);
    assert.ok(others.includes('a.txt') && !others.some((path) => /\.(git|hg)\//.test(path)), others.join(', '));
  });

  it('names the files a missing "path" names as if they were a directory, and how to find them', async () => {
    // src/deep/tools.ts: "tools.ts" from src/ found it too (regression).
    const modules = new TempTree().write({ 'src/deep/tools.ts': 0, 'src/tools.ts': 1, 'src/config.json': 2, 'src/config.yaml': 3, 'src/toolset.ts': 4, 'src/util/a.ts': 5, 'lib/x.a': 6, 'lib/x.b': 7, 'lib/x.c': 8, 'lib/x.d': 9 });
    try {
      const src = modules.path('src');
      for (const [path, advice, found] of [
        ['src/tools', `${modules.path('src/tools.ts')} is a file of that name: to find it, pass ${src} as "path" and "./tools.ts" as "pattern".`, ['src/tools.ts']],
        ['src/toolset', `${modules.path('src/toolset.ts')} is a file of that name: to find it, pass ${src} as "path" and "./toolset.ts" as "pattern".`, ['src/toolset.ts']],
      ] as const) {
        await rejectsWith(search(modules, { pattern: '*', path }), 'pathNotFound', new RegExp(escapeRegExp(advice)));
        const pattern = /and "([^"]+)" as "pattern"/.exec(advice)?.[1] ?? '';
        assert.deepEqual((await search(modules, { pattern, path: src })).page.map((file) => file.path), [...found], path);
      }
      // Several, with one pattern for all; a near directory comes first ("util" for "utils").
      await rejectsWith(
        search(modules, { pattern: '*', path: 'src/config' }),
        'pathNotFound',
        new RegExp(escapeRegExp(`2 files have that name (${modules.path('src/config.json')}, ${modules.path('src/config.yaml')}): to find them, pass ${src} as "path" and "./config.*" as "pattern".`)),
      );
      assert.equal((await search(modules, { pattern: './config.*', path: src })).total, 2);
      // The first three named, the rest counted.
      const lib = modules.path('lib');
      await rejectsWith(
        search(modules, { pattern: '*', path: 'lib/x' }),
        'pathNotFound',
        new RegExp(escapeRegExp(`4 files have that name (${modules.path('lib/x.a')}, ${modules.path('lib/x.b')}, ${modules.path('lib/x.c')}, …): to find them, pass ${lib} as "path" and "./x.*" as "pattern".`)),
      );
      await rejectsWith(search(modules, { pattern: '*', path: 'src/utils' }), 'pathNotFound', /util exists: pass that as "path"/);
    } finally {
      modules.remove();
    }
  });

  it('gives the "path" meant for one written as other tools take it, and that path finds the files', async () => {
    const inDir = await search(tree, { pattern: '*', path: 'dir' });
    assert.ok(inDir.total > 0);
    const slips: Array<[string, RegExp]> = [
      ['"dir"', /The quotes would have to be part of the directory's name\. Without them: "path": "dir"\./],
      ["'dir'", /Without them: "path": "dir"\./],
      ['${workspaceFolder}/dir', /"path" takes no variables, and a relative "path" starts from the workspace: "path": "dir"\./],
      [pathToFileURL(tree.path('dir')).href, new RegExp(`takes a file system path, not a URI: "path": ${escapeRegExp(JSON.stringify(tree.path('dir')))}\\.`)],
      // The workspace folder's own name in front: a relative path starts inside the folder.
      [`${basename(tree.root)}/dir`, /A relative "path" starts inside the workspace folder \(.*\), so its name is not repeated: "path": "dir"\./],
    ];
    for (const [path, advice] of slips) {
      const error = await search(tree, { pattern: '*', path }).then(
        () => assert.fail(`${path} was searched`),
        (thrown: unknown) => thrown,
      );
      assert.ok(error instanceof GlobError && error.kind === 'pathNotFound', String(error));
      assert.match(error.message, advice);
      const meant = JSON.parse(/"path": ("[^"]*")\.$/.exec(error.message)?.[1] ?? 'null') as string;
      const followed = await search(tree, { pattern: '*', path: meant });
      assert.deepEqual(followed.page.map((found) => found.path), inDir.page.map((found) => found.path), path);
    }
    await rejectsWith(search(tree, { pattern: '*', path: basename(tree.root) }), 'pathNotFound', /names the workspace folder itself \(.*\), and a relative "path" starts inside it: omit "path" to search it all\./);
    await rejectsWith(search(tree, { pattern: '*', path: '${workspaceFolder}' }), 'pathNotFound', /takes no variables: omit "path" to search the whole workspace\./);
    await rejectsWith(search(tree, { pattern: '*', path: '$HOME/dir' }), 'pathNotFound', /"\$HOME" is not expanded\. Write out the directory it stands for \("~" works/);
  });

  it('tells a "path" written with Windows separators or a drive letter on POSIX how to write it here', async () => {
    // Regression: "dir\sub" and "C:\Users\me" got only "does not exist" and "give a directory
    // that exists": "\" is part of a name on POSIX, which the model had no way to know.
    if (process.platform === 'win32') {
      return;
    }
    const nested = new TempTree().write({ 'dir/sub/b.txt': 1 });
    try {
      const error = await search(nested, { pattern: '*', path: 'dir\\sub' }).then(
        () => assert.fail('"dir\\sub" was searched'),
        (thrown: unknown) => thrown,
      );
      assert.ok(error instanceof GlobError && error.kind === 'pathNotFound', String(error));
      assert.match(error.message, /"\\" is part of a name here, not a separator; directories are separated by "\/": "path": "dir\/sub"\.$/);
      const meant = JSON.parse(/"path": ("[^"]*")\.$/.exec(error.message)?.[1] ?? 'null') as string;
      assert.deepEqual((await search(nested, { pattern: '*', path: meant })).page.map((found) => found.shown), ['dir/sub/b.txt']);
      // Climbing out is only rewritten, not looked at: that place is outside the workspace.
      await rejectsWith(search(nested, { pattern: '*', path: '..\\other' }), 'pathNotFound', /"path": "\.\.\/other"\.$/);
      for (const drive of ['C:\\Users\\me', 'c:/Users/me', '\\\\server\\share']) {
        await rejectsWith(search(nested, { pattern: '*', path: drive }), 'pathNotFound', /is a Windows path, but this machine's paths start with "\/": pass an absolute path that starts with "\/", or one relative to the workspace\.$/);
      }
    } finally {
      nested.remove();
    }
  });

  it('names the pattern that searches several directories given as one "path", and it finds their files', async () => {
    const several = new TempTree().write({ 'src/a.ts': 1, 'src/deep/b.ts': 2, 'test/c.ts': 3, 'docs/d.ts': 4, 'src/e.md': 5 });
    try {
      for (const path of ['src, test', 'src test', 'src;test']) {
        const error = await search(several, { pattern: '*.ts', path }).then(
          () => assert.fail(`${path} was searched`),
          (thrown: unknown) => thrown,
        );
        assert.ok(error instanceof GlobError && error.kind === 'pathNotFound', String(error));
        assert.match(error.message, /"path" takes one directory\. To search "src" and "test" together, omit "path" and name them in the pattern: "pattern": "\{src,test\}\/\*\*\/\*\.ts"\./);
      }
      const followed = await search(several, { pattern: '{src,test}/**/*.ts' });
      assert.deepEqual(followed.page.map((found) => found.shown), ['src/a.ts', 'src/deep/b.ts', 'test/c.ts']);
      // An anchored pattern is anchored in each directory.
      await rejectsWith(search(several, { pattern: 'deep/*.ts', path: 'src, test' }), 'pathNotFound', /"pattern": "\{src,test\}\/deep\/\*\.ts"\./);
      // A negation would take in docs/ too: one at a time.
      await rejectsWith(search(several, { pattern: '!*.md', path: 'src, test' }), 'pathNotFound', /"path" takes one directory: search "src" and "test" one at a time\./);
      await rejectsWith(search(several, { pattern: several.path('src/*.ts'), path: 'src, test' }), 'pathNotFound', /one at a time\./);
      // A piece that is no directory: the plain advice.
      await rejectsWith(search(several, { pattern: '*.ts', path: 'src, nope' }), 'pathNotFound', /Give a directory that exists/);
      // Nor one that climbs out with "..": it is not looked for outside the workspace unasked
      // (regression: "src, ../<dir>" said the pattern "{src,../<dir>}/**/*.ts", which also finds nothing).
      const beside = basename(several.root);
      await rejectsWith(search(several, { pattern: '*.ts', path: `src, ../${beside}` }), 'pathNotFound', /Give a directory that exists/);
      // Past 16 pieces none is looked for (each is a stat): the plain advice.
      await rejectsWith(search(several, { pattern: '*.ts', path: Array<string>(17).fill('src').join(', ') }), 'pathNotFound', /Give a directory that exists/);
    } finally {
      several.remove();
    }
  });

  it('names a workspace folder gone from disk instead of blaming ripgrep, and searches the folders still there', async () => {
    const ripgrepPath = await testRipgrep();
    const gone = tree.path('gone');
    await rejectsWith(glob({ pattern: '*' }, [{ name: 'gone', path: gone }], { ripgrepPath }), 'pathNotFound', /^The workspace folder "gone" is missing on disk \(.*gone\).*Pass an absolute directory/);
    const folders = [
      { name: 'ws', path: tree.root },
      { name: 'gone', path: gone },
    ];
    // Regression: one folder gone failed every search of the workspace, though the others were there.
    const rest = await glob({ pattern: '*.txt' }, folders, { ripgrepPath });
    assert.ok(rest.total > 0 && rest.complete);
    assert.ok(rest.page.every((path) => path.shown.startsWith('ws/')));
    assert.deepEqual(rest.foldersNotOnDisk?.map(({ folder }) => folder.name), ['gone']);
    assert.match(rest.text, /\nThe workspace folder "gone" is missing on disk \(.*gone\): it may have been moved or deleted, so it was not searched; only 1 of the 2 workspace folders was\.$/);
    // An empty answer says it too: the pattern is not all that is to blame.
    const none = await glob({ pattern: '*.nothing-has-this' }, folders, { ripgrepPath });
    assert.equal(none.total, 0);
    assert.match(none.text, /^No files match[^]*"gone" is missing on disk/);
    const inOther = await glob({ pattern: '*.txt', path: 'dir' }, folders, { ripgrepPath });
    assert.deepEqual(inOther.page.map((path) => path.shown), ['ws/dir/a.txt']);
    assert.equal(inOther.foldersNotOnDisk, undefined);
    // A "path" in the folder gone is still refused, naming the folder (foldersOnDisk.test.ts).
    await rejectsWith(glob({ pattern: '*', path: 'gone/src' }, folders, { ripgrepPath }), 'pathNotFound', /"gone" is missing on disk/);
  });

  it('names each workspace folder not on disk, a file where a folder was too, and refuses a search with none left', async () => {
    const ripgrepPath = await testRipgrep();
    const gone = tree.path('gone');
    const nowFile = tree.path('dir/a.txt');
    const folders = [
      { name: 'ws', path: tree.root },
      { name: 'gone', path: gone },
      { name: 'nowFile', path: nowFile },
    ];
    const rest = await glob({ pattern: '*.txt' }, folders, { ripgrepPath });
    assert.match(rest.text, /\nThe workspace folders "gone" \(missing on disk: [^)]*gone\) and "nowFile" \(not a directory: .*a\.txt is a file now\) cannot be listed: they may have been moved or deleted, so they were not searched; only 1 of the 3 workspace folders was\.$/);
    await rejectsWith(glob({ pattern: '*' }, folders.slice(1), { ripgrepPath }), 'pathNotFound', /^The workspace folders "gone" \(missing on disk: .*\) and "nowFile" \(not a directory: .*\) cannot be listed.*so they cannot be searched\. Pass an absolute directory/);
  });

  it('says a search root that vanished before ripgrep started is gone, not that ripgrep is missing', async () => {
    const ripgrepPath = await testRipgrep();
    const doomed = new TempTree().write({ 'x.txt': 1 });
    const request = await resolveRequest({ pattern: '*' }, { folders: [{ name: 'doomed', path: doomed.root }], ripgrepPath });
    doomed.remove();
    await rejectsWith(searchGlob(request, { ripgrepPath }), 'pathNotFound', /was gone by the time ripgrep was to start in it/);
  });

  it('says where it looked when ripgrep is missing', async () => {
    await rejectsWith(search(tree, { pattern: '*' }, { ripgrepPath: tree.path('no-such-rg') }), 'ripgrepNotFound', /no-such-rg/);
  });
});

describe('glob with the real ripgrep: stopping early', () => {
  // Enough output (about 600 KB of names) that ripgrep is still writing when the first matches
  // arrive: the pipe holds 64 KB, so it cannot have finished.
  const tree = new TempTree();
  before(() => {
    for (let i = 0; i < 6000; i += 1) {
      tree.write({ [`dir-${i % 40}/a-rather-long-file-name-to-fill-the-pipe-quickly-${i}.txt`]: i });
    }
  });
  after(() => tree.remove());

  it('a cancelled search kills ripgrep and returns what it found, marked incomplete', async () => {
    const controller = new AbortController();
    let pid = 0;
    const result = await search(tree, { pattern: '*.txt' }, {
      signal: controller.signal,
      onRipgrep: (event) => {
        pid = event.pid ?? pid;
      },
      onProgress: () => controller.abort(),
    });
    assert.equal(result.complete, false);
    assert.equal(result.incompleteBecause, 'cancelled');
    assert.ok(result.total > 0 && result.total < 6000, `total ${result.total}`);
    assert.match(result.text, /INCOMPLETE: the search was cancelled/);
    // The quick pick shows the page without the footer: the stop is among its cautions, word for word.
    assert.equal(result.cautions.length, 1, JSON.stringify(result.cautions));
    assert.match(result.cautions[0], /^INCOMPLETE: the search was cancelled, so these [\d,]+ files are only what was found before that(;.*)?; more files may match\./);
    assert.ok(result.text.split('\n').includes(result.cautions[0]), result.text);
    assert.ok(pid > 0);
    assert.equal(exists(pid), false, 'ripgrep still running');
    assert.equal(exists(-pid), false, 'ripgrep process group still alive');
  });

  it('a search cancelled while listing still saves the list of the files found so far', async () => {
    // Regression: the list was written under the signal that had stopped the search, so every
    // cancelled search said "could not be saved (This operation was aborted)" (a Ctrl-C on the
    // command line), and the files found were lost past the page.
    const controller = new AbortController();
    const lists = new TempTree();
    try {
      const result = await search(tree, { pattern: '*.txt' }, { signal: controller.signal, onProgress: () => controller.abort(), spillDirectory: lists.root, maxResults: 10 });
      assert.equal(result.incompleteBecause, 'cancelled');
      assert.ok(result.spill?.saved, result.text);
      assert.equal(result.spill.written, result.total);
      const lines = readFileSync(result.spill.path, 'utf8').split('\n').filter((line) => line.startsWith('dir-'));
      assert.equal(lines.length, result.total);
      assert.match(result.text, new RegExp(`The list of the ${result.total.toLocaleString('en-US')} paths found so far, oldest first, is saved in `));
    } finally {
      lists.remove();
    }
  });

  it('a complete result with only harmless warnings has no cautions, where the footer still names the warnings', async () => {
    // The quick pick shows each caution above the page: a link to nothing hides no file, so a
    // workspace holding one would show a warning on every search.
    const linked = new TempTree().write({ 'a.txt': 1, 'b.txt': 2 });
    try {
      symlinkSync(linked.path('missing'), linked.path('dangling'));
      const result = await search(linked, { pattern: '*' }, { rules: { followSymlinks: true } });
      assert.equal(result.complete, true);
      assert.match(result.text, /ripgrep met 1 path that leads nowhere/);
      assert.deepEqual(result.cautions, []);
    } finally {
      linked.remove();
    }
  });

  it('a timed-out search kills ripgrep and says so, with the limit as set', async () => {
    // Regression: the limit was rounded to whole seconds, so 0.4 s read "0 s" and 1.5 s "2 s".
    // And 1e-9 s read 1.0000000000000003e-9 s, then "1e-9 s", and 1e-300 s "1e-300 s": not words
    // (a timer waits a millisecond at least); 1234567.5 s read "1234567.5 s", its thousands not grouped.
    const limits = [[30_000, '30 s'], [1_500, '1.5 s'], [400, '0.4 s'], [1, '0.001 s'], [1e-9 * 1000, 'less than a millisecond'], [1e-300 * 1000, 'less than a millisecond'], [1_234_567_500, '1,234,567.5 s']] as const;
    for (const [timeoutMs, said] of limits) {
      const timer = new ManualTimer();
      let pid = 0;
      const result = await search(tree, { pattern: '*.txt' }, {
        timeoutMs,
        startTimer: timer.startTimer,
        onRipgrep: (event) => {
          pid = event.pid ?? pid;
        },
        onProgress: () => timer.fire(),
      });
      assert.equal(result.incompleteBecause, 'timeout');
      assert.ok(result.text.includes(`INCOMPLETE: the search stopped at its time limit of ${said}`), result.text);
      assert.equal(exists(pid), false);
    }
  });

  it('a listing cut by a time limit reaches the entries found so far, not "all" there are', async () => {
    // Regression: "The page reaches all 3 top-level entries" of a walk cut before it met the rest.
    const wide = new TempTree();
    const lists = new TempTree();
    try {
      // Enough that ripgrep's output spans many reads, so a stop at the first 1,024 cuts it; in
      // entries of 100 files, so those names lie in several, each entry's older than the next's,
      // so the page is a sample.
      for (let i = 0; i < 20_000; i += 1) {
        wide.write({ [`e${i % 200}/f-${i}.txt`]: (i % 200) * 100_000 + i + 1 });
      }
      const timer = new ManualTimer();
      const result = await search(wide, { pattern: '*.txt' }, {
        timeoutMs: 30_000,
        maxResults: 2,
        spillDirectory: lists.root,
        startTimer: timer.startTimer,
        // After the first 1,024 names, with ripgrep still listing.
        onProgress: () => timer.fire(),
      });
      assert.equal(result.listedAll, false);
      assert.match(result.text, /^The page reaches 2 of [\d,]+ top-level entries found so far\./m);
      // Regression: the footer opened "Showing 2 of 1,024 files" and called the saved list
      // complete twice before its sixth line said INCOMPLETE.
      const footer = result.text.split('</files>\n')[1].split('\n');
      assert.match(footer[0], /^INCOMPLETE: the search stopped at its time limit of 30 s, so these [\d,]+ files are only what was found before that/);
      assert.match(footer[1], /^Showing 2 of the [\d,]+ files found so far matching "\*\.txt" in the workspace\.$/);
      assert.match(footer[2], /It is not the 2 oldest files: it cannot tell which files are oldest or newest\.$/);
      // A cut result that fits on a page is counted as found so far too.
      const fittingTimer = new ManualTimer();
      const fitting = await search(wide, { pattern: '*.txt' }, {
        timeoutMs: 30_000,
        maxResults: 10_000,
        startTimer: fittingTimer.startTimer,
        onProgress: () => fittingTimer.fire(),
      });
      assert.match(fitting.text.split('</files>\n')[1], /^INCOMPLETE: [^\n]*\n[\d,]+ files found so far match "\*\.txt" in the workspace, oldest first\.$/);
      assert.match(result.text, /^The list of the [\d,]+ paths found so far, oldest first, is saved in /m);
      assert.doesNotMatch(result.text, /complete list/i);
      // A whole listing says it as it is.
      const whole = await search(wide, { pattern: '*.txt' }, { maxResults: 2, spillDirectory: lists.root });
      assert.match(whole.text, /^The page reaches 2 of 200 top-level entries\./m);
      assert.match(whole.text, /^Showing 2 of 20,000 files matching "\*\.txt" in the workspace\.$/m);
      assert.match(whole.text, /The complete list can\.$/m);
      assert.match(whole.text, /^The complete list of 20,000 paths, oldest first, is saved in /m);
    } finally {
      wide.remove();
      lists.remove();
    }
  });

  it('a time limit reached once everything was listed and read cut nothing: the result is complete', async () => {
    // Regression: "INCOMPLETE ... All 5 matching files are here. Search again for their whole
    // order." of a result whose order was whole.
    const timer = new ManualTimer();
    const result = await search(tree, { pattern: '*.txt' }, {
      timeoutMs: 30_000,
      statMode: 'sync',
      startTimer: timer.startTimer,
      // ripgrep has ended and, reading times as it listed, this thread has every one.
      onRipgrep: (event) => (event.phase === 'end' ? timer.fire() : undefined),
    });
    assert.ok(result.total > 0);
    assert.equal(result.complete, true);
    assert.equal(result.unread, 0);
    assert.doesNotMatch(result.text, /INCOMPLETE/);
  });

  it('a search cancelled before it starts runs no ripgrep at all', async () => {
    const controller = new AbortController();
    controller.abort();
    let started = false;
    const result = await search(tree, { pattern: '*.txt' }, { signal: controller.signal, onRipgrep: () => (started = true) });
    assert.equal(started, false);
    // Not "these 0 files are only what was found".
    assert.match(result.text, /^INCOMPLETE: the search was cancelled before any file was found; files may match\./m);
    assert.equal(result.total, 0);
    assert.equal(result.complete, false);
    assert.match(result.text, /INCOMPLETE/);
  });

  it('stops at the bound on held paths and says so; every path held by then is read', async () => {
    const result = await search(tree, { pattern: '*.txt' }, { maxPaths: 1000 });
    assert.equal(result.incompleteBecause, 'limit');
    // The bound only ends the listing: the files found up to it are still read and listed.
    assert.equal(result.total, 1000);
    assert.match(result.text, /bound of 1,000 matching paths/);
  });

  it('says the bound cut the result where ripgrep had listed every name before the stop reached it', async () => {
    // Regression: ripgrep prints a small tree's 150 names at once, and had often ended by itself
    // before the stop at the 40th reached it; the matches past the bound were left out all the
    // same, and "40 files match" was a complete answer. Whether ripgrep ends first varies from run
    // to run, so the search is made several times.
    const small = new TempTree();
    try {
      for (let i = 0; i < 150; i += 1) {
        small.write({ [`dir-${i % 30}/file-${i}.txt`]: at('2024-01-01', i) });
      }
      for (let run = 0; run < 20; run += 1) {
        const result = await search(small, { pattern: '*.txt' }, { maxPaths: 40 });
        assert.equal(result.total, 40);
        assert.equal(result.complete, false, `run ${run}: ${result.text.split('\n').slice(-2).join(' / ')}`);
        assert.equal(result.incompleteBecause, 'limit');
        assert.match(result.text, /^INCOMPLETE: the search stopped at its bound of 40 matching paths, so these 40 files are only what was found before that; more files may match\./m);
      }
    } finally {
      small.remove();
    }
  });
});

describe('glob with the real ripgrep: the adaptive stat way', () => {
  // 2,400 files: every fourth a .ts, the rest .txt. `*.txt` matches three names in four, `*.ts`
  // one: 600 matches, more than the 512 names after which the share is trusted.
  const tree = new TempTree();
  let submitted = 0;
  let restore: () => void;

  before(() => {
    for (let i = 0; i < 2400; i += 1) {
      tree.write({ [`dir-${i % 8}/file-${i}.${i % 4 === 0 ? 'ts' : 'txt'}`]: at('2024-01-01', i % 100) });
    }
    // Batches reach the real stat pool; the test only counts them.
    const pool = statPool();
    const submit = pool.submit.bind(pool);
    pool.submit = (batch) => {
      submitted += 1;
      return submit(batch);
    };
    restore = () => (pool.submit = submit);
  });
  after(() => {
    restore();
    tree.remove();
  });
  beforeEach(() => (submitted = 0));

  it('a pattern without wildcards: ripgrep sieves the names and the calling thread reads the times', async () => {
    const events: RipgrepEvent[] = [];
    const result = await search(tree, { pattern: 'file-4.ts' }, { statMode: 'adaptive', onRipgrep: (event) => events.push(event) });
    assert.deepEqual(result.page.map((path) => path.path), ['dir-4/file-4.ts']);
    const end = events.find((event) => event.phase === 'end');
    assert.equal(end?.listed, 1);
    assert.ok(end?.command.includes('--type-add'));
    assert.equal(submitted, 0);
    // With a wildcard the 'adaptive' way decides from the share of names that match: every name is listed.
    events.length = 0;
    await search(tree, { pattern: '*.ts' }, { statMode: 'adaptive', onRipgrep: (event) => events.push(event) });
    assert.equal(events.find((event) => event.phase === 'end')?.listed, 2400);
  });

  for (const [pattern, dense] of [
    ['*.txt', true],
    ['*.ts', false],
  ] as const) {
    it(`${pattern}: ${dense ? 'most names match, so the pool takes over' : 'a quarter of the names match, so no batch reaches the pool'}; the result is the same as the calling thread alone gives`, async () => {
      const adaptive = await search(tree, { pattern }, { statMode: 'adaptive', maxResults: 2400 });
      assert.equal(submitted > 0, dense);
      const sync = await search(tree, { pattern }, { statMode: 'sync', maxResults: 2400 });
      assert.equal(adaptive.total, dense ? 1800 : 600);
      assert.deepEqual(
        adaptive.page.map((path) => path.path),
        sync.page.map((path) => path.path),
      );
    });
  }
});
