/**
 * Names and patterns in the two Unicode normalization forms that read the same (unicodeForms.ts):
 * a pattern outside ASCII finds names in either form, through ripgrep's sieve of names, in named
 * directories and "path"; names are shown as they are on disk; ASCII patterns and exclude
 * settings are matched as written.
 */

import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { glob, type GlobOptions, type GlobResult, type RipgrepEvent } from '../../src/core';
import { compilePattern } from '../../src/core/pattern/pattern';
import { testRipgrep } from './helpers/ripgrep';
import { at, TempTree } from './helpers/tree';

/** Composed (as a model types it) and decomposed (as names made on macOS often are). */
const nfc = (text: string): string => text.normalize('NFC');
const nfd = (text: string): string => text.normalize('NFD');

async function search(tree: TempTree, pattern: string, options: Partial<GlobOptions> = {}, path?: string): Promise<{ result: GlobResult; commands: Array<readonly string[]> }> {
  const events: RipgrepEvent[] = [];
  const result = await glob({ pattern, ...(path === undefined ? {} : { path }) }, [{ name: 'ws', path: tree.root }], {
    ripgrepPath: await testRipgrep(),
    emptyProbeMs: 60_000,
    onRipgrep: (event) => events.push(event),
    ...options,
  });
  return { result, commands: events.filter((event) => event.phase === 'start' && event.purpose === undefined).map((event) => event.command) };
}

const paths = (result: GlobResult): string[] => result.page.map((path) => path.path);

describe('glob with the real ripgrep: names in another Unicode normalization form (regression: an NFD "café.md" was not found by "café.md")', () => {
  let tree: TempTree;
  beforeEach(() => {
    tree = new TempTree();
  });
  afterEach(() => tree.remove());

  it('finds a decomposed name with a composed basename pattern, and shows it as it is on disk', async () => {
    tree.write({ [nfd('café.md')]: at('2024-01-01'), 'cafe.md': at('2024-01-02') });
    const { result } = await search(tree, nfc('café.md'));
    assert.deepEqual(paths(result), [nfd('café.md')]);
    assert.ok(result.text.includes(nfd('café.md')), result.text);
  });

  it('finds files in a decomposed directory with an anchored composed pattern', async () => {
    tree.write({ [`docs/${nfd('résumé')}/cv.md`]: at('2024-01-01'), 'docs/other/cv.md': at('2024-01-02') });
    for (const pattern of ['docs/résumé/*.md', 'docs/résumé/', '/docs/résumé/cv.md']) {
      assert.deepEqual(paths((await search(tree, nfc(pattern))).result), [`docs/${nfd('résumé')}/cv.md`], pattern);
    }
  });

  it('lets a decomposed name through ripgrep’s sieve for a pattern with wildcards and a composed ending', async () => {
    tree.write({ [nfd('notes-été.txt')]: at('2024-01-01'), 'notes.txt': at('2024-01-02'), 'other.md': at('2024-01-03') });
    for (const statMode of ['pool', 'sync'] as const) {
      const { result, commands } = await search(tree, nfc('*été.txt'), { statMode });
      assert.deepEqual(paths(result), [nfd('notes-été.txt')], statMode);
      // The sieve is there, with the ending every form of the name shares.
      assert.ok(commands[0].includes('workspaceglob:*.[tT][xX][tT]'), commands[0].join(' '));
    }
  });

  it('searches a decomposed directory a composed "path" names, relative or absolute', async () => {
    tree.write({ [`docs/${nfd('résumé')}/cv.md`]: at('2024-01-01'), 'docs/cv.md': at('2024-01-02') });
    for (const path of [nfc('docs/résumé'), tree.path('docs', nfc('résumé'))]) {
      assert.deepEqual(paths((await search(tree, '*.md', {}, path)).result), [`docs/${nfd('résumé')}/cv.md`], path);
    }
  });

  it('finds a decomposed name with an ASCII pattern whose ? or class takes its accented letter (regression: "caf?.md" missed it)', async () => {
    tree.write({ [nfd('café.md')]: at('2024-01-01'), [`${nfd('résumé')}/cv.md`]: at('2024-01-02'), 'cafe.md': at('2024-01-03'), 'cafes.md': at('2024-01-04') });
    assert.deepEqual(paths((await search(tree, 'caf?.md')).result), [nfd('café.md'), 'cafe.md']);
    assert.deepEqual(paths((await search(tree, 'caf[!e].md')).result), [nfd('café.md')]);
    assert.deepEqual(paths((await search(tree, 'r?sum?/*.md')).result), [`${nfd('résumé')}/cv.md`]);
    // A negation leaves out what its glob matches in either form.
    assert.deepEqual(paths((await search(tree, '!caf?.md')).result), [`${nfd('résumé')}/cv.md`, 'cafes.md']);
    // Matched as written, a literal or "*" reads the same of either form.
    assert.deepEqual(paths((await search(tree, 'caf*.md')).result), [nfd('café.md'), 'cafe.md', 'cafes.md']);
    // NFC makes "K" of a Kelvin sign, so ripgrep's sieve cannot ask for a name ending in "K".
    tree.write({ 'x\u212a': at('2024-01-05') });
    assert.deepEqual(paths((await search(tree, '?K')).result), ['x\u212a']);
  });

  it('walks every directory an ASCII pattern matched in NFC too may name (regression: "K/?.txt" missed a directory written with a Kelvin sign)', async () => {
    tree.write({ '\u212a/a.txt': at('2024-01-01'), 'K/b.txt': at('2024-01-02'), 'x/c.txt': at('2024-01-03') });
    // NFC makes "K" of the Kelvin sign, so the walk cannot be narrowed to a directory named "K".
    assert.deepEqual(paths((await search(tree, 'K/?.txt')).result), ['\u212a/a.txt', 'K/b.txt']);
    assert.deepEqual(compilePattern('K/?.txt').literalDirectories, []);
    // Directories every form writes alike still narrow it.
    assert.deepEqual(compilePattern('src/K/?.txt').literalDirectories, ['src']);
  });

  it('matches in NFC too an ASCII class that takes a character NFC makes of another (regression: "[K].txt" missed a Kelvin sign)', async () => {
    tree.write({ '\u212a.txt': at('2024-01-01'), '\u037e.txt': at('2024-01-02'), '\u1fef.txt': at('2024-01-03'), 'k.txt': at('2024-01-04') });
    // NFC writes them "K.txt", ";.txt" and "`.txt", as "?.txt" finds them.
    assert.deepEqual(paths((await search(tree, '[K].txt')).result), ['\u212a.txt']);
    assert.deepEqual(paths((await search(tree, '[;`].txt')).result), ['\u037e.txt', '\u1fef.txt']);
    assert.deepEqual(paths((await search(tree, '[A-Z].txt')).result), ['\u212a.txt']);
    assert.deepEqual(paths((await search(tree, '![K].txt')).result), ['\u037e.txt', '\u1fef.txt', 'k.txt']);
  });

  it('matches in NFC too an ASCII pattern with a class whose literal "K", ";" or "`" NFC makes of another (regression: "K.t[sx]" missed a Kelvin sign)', async () => {
    tree.write({ '\u212a.ts': at('2024-01-01'), 'K.ts': at('2024-01-02'), 'a\u037e.md': at('2024-01-03'), 'src/\u212a/b.tsx': at('2024-01-04') });
    // The class is what asks for NFC (README); "K.ts" alone is matched as written.
    assert.deepEqual(paths((await search(tree, 'K.t[sx]')).result), ['\u212a.ts', 'K.ts']);
    assert.deepEqual(paths((await search(tree, '[a-c];.md')).result), ['a\u037e.md']);
    assert.deepEqual(paths((await search(tree, 'src/K/*.t[sx]*')).result), ['src/\u212a/b.tsx']);
    assert.deepEqual(paths((await search(tree, '!K.t[sx]')).result), ['a\u037e.md', 'src/\u212a/b.tsx']);
    assert.deepEqual(paths((await search(tree, 'K.ts')).result), ['K.ts']);
  });

  it('finds a composed name with a decomposed pattern', async () => {
    tree.write({ [nfc('naïve.txt')]: at('2024-01-01'), [`${nfc('déjà')}/vu.txt`]: at('2024-01-02') });
    assert.deepEqual(paths((await search(tree, nfd('naïve.txt'))).result), [nfc('naïve.txt')]);
    assert.deepEqual(paths((await search(tree, nfd('déjà/*.txt'))).result), [`${nfc('déjà')}/vu.txt`]);
  });

  it('lists both of two files that read the same, oldest first, ties broken by path', async () => {
    tree.write({ [nfc('café.md')]: at('2024-01-01'), [nfd('café.md')]: at('2024-01-02') });
    assert.deepEqual(paths((await search(tree, nfc('café.md'))).result), [nfc('café.md'), nfd('café.md')]);
    tree.write({ [nfc('café.md')]: at('2024-01-03') });
    assert.deepEqual(paths((await search(tree, nfd('café.md'))).result), [nfd('café.md'), nfc('café.md')]);
    tree.write({ [nfd('café.md')]: at('2024-01-03') });
    // "e" and a combining accent sort before "é", in code units and in bytes alike.
    assert.deepEqual(paths((await search(tree, nfc('*é.md'))).result), [nfd('café.md'), nfc('café.md')]);
  });

  it('counts an ignored decomposed name for the empty answer, and names one in another case', async () => {
    tree.write({ [`build/${nfd('été.log')}`]: at('2024-01-01'), [nfd('Résumé.md')]: at('2024-01-02') });
    writeFileSync(tree.path('.gitignore'), 'build/\n');
    const ignored = (await search(tree, nfc('été.log'))).result;
    assert.equal(ignored.total, 0);
    assert.match(ignored.text, /1 file hidden by .* matches/);
    const otherCase = (await search(tree, nfc('résumé.md'))).result;
    assert.match(otherCase.text, /1 file matches when case is ignored/);
  });

  it('names a decomposed directory near a composed one the pattern misspells', async () => {
    tree.write({ [`docs/${nfd('résumé')}/cv.md`]: at('2024-01-01') });
    const { result } = await search(tree, nfc('docs/résume/*.md'));
    assert.equal(result.total, 0);
    assert.ok(result.text.includes(`but "docs/${nfd('résumé')}/" does`), result.text);
  });

  it('counts near names that read the same as one name, as the glob offered for them finds both (regression: "7 files" said of a glob that finds 8)', async () => {
    tree.write({
      [`a/${nfd('noté.md')}`]: at('2024-01-01'),
      [`b/${nfd('noté.md')}`]: at('2024-01-02'),
      [`c/${nfd('noté.md')}`]: at('2024-01-03'),
      [`d/${nfc('notés1.md')}`]: at('2024-01-04'),
      [`e/${nfc('notés1.md')}`]: at('2024-01-05'),
      [`f/${nfc('notés2.md')}`]: at('2024-01-06'),
      [`g/${nfc('notés2.md')}`]: at('2024-01-07'),
      [`h/${nfc('noté.md')}`]: at('2024-01-08'),
    });
    const { result } = await search(tree, nfc('notés.md'));
    const said = /^- (\d+) files have a name near .*"pattern": "(.*)" finds them\.$/m.exec(result.text);
    assert.ok(said, result.text);
    assert.equal(Number(said[1]), (await search(tree, said[2])).result.total, result.text);
  });

  it('says that a composed pattern names a decomposed directory, as it says of one written as on disk (regression: only "if ... names directories")', async () => {
    tree.write({ [`notes/${nfd('año')}/x.md`]: at('2024-01-01') });
    const { result } = await search(tree, nfc('notes/año'));
    assert.equal(result.total, 0);
    assert.ok(result.text.includes(`"notes/${nfd('año')}/" is a directory`), result.text);
    assert.equal((await search(tree, nfc('notes/año/'))).result.total, 1);
  });

  it('splits an absolute composed pattern inside a decomposed workspace folder, as a "path" there is (regression: taken for a directory outside the workspace)', async () => {
    tree.write({ [`${nfd('projé')}/src/a.md`]: at('2024-01-01') });
    const folder = tree.path(nfd('projé'));
    const result = await glob({ pattern: `${tree.path(nfc('projé'))}/src/*.md` }, [{ name: 'ws', path: folder }], { ripgrepPath: await testRipgrep(), emptyProbeMs: 60_000 });
    assert.deepEqual(paths(result), ['src/a.md'], result.text);
  });

  it('offers a decomposed directory outside the workspace that an absolute composed pattern names whole as "path" with "*"', async () => {
    tree.write({ 'ws/a.md': at('2024-01-01'), [`${nfd('año')}/x.md`]: at('2024-01-02') });
    const outside = tree.path(nfc('año'));
    const result = await glob({ pattern: outside }, [{ name: 'ws', path: tree.path('ws') }], { ripgrepPath: await testRipgrep(), emptyProbeMs: 60_000 });
    assert.equal(result.total, 0);
    assert.ok(result.text.includes(`"path": ${JSON.stringify(outside)}, "pattern": "*"`), result.text);
    const followed = await glob({ pattern: '*', path: outside }, [{ name: 'ws', path: tree.path('ws') }], { ripgrepPath: await testRipgrep() });
    assert.equal(followed.total, 1);
  });

  it('still finds what a glob matches as written, as ripgrep does: a decomposed accent or a jamo alone (regression: none found)', async () => {
    tree.write({ [nfd('café.md')]: at('2024-01-01'), [nfd('한글.txt')]: at('2024-01-02'), [nfc('thé.md')]: at('2024-01-03') });
    assert.deepEqual(paths((await search(tree, '*\u0301*')).result), [nfd('café.md')]);
    // The first two jamo of the decomposed syllable 한, which in NFC is one character.
    assert.deepEqual(paths((await search(tree, '\u1112\u1161*')).result), [nfd('한글.txt')]);
    assert.deepEqual(paths((await search(tree, '*\u11ab*')).result), [nfd('한글.txt')]);
    // A negation leaves out what the glob matches either way.
    assert.deepEqual(paths((await search(tree, '!*\u0301*')).result), [nfd('한글.txt'), nfc('thé.md')]);
    assert.deepEqual(paths((await search(tree, nfc('!*é.md'))).result), [nfd('한글.txt')]);
  });

  it('says a pattern repeats a decomposed root it names, composed or as on disk (regression: "projé/" said not to exist)', async () => {
    tree.write({ [`${nfd('projé')}/src/a.md`]: at('2024-01-01') });
    for (const pattern of [nfc('projé/src/*.md'), nfd('projé/src/*.md')]) {
      const result = await glob({ pattern }, [{ name: 'ws', path: tree.path(nfd('projé')) }], { ripgrepPath: await testRipgrep(), emptyProbeMs: 60_000 });
      assert.equal(result.total, 0);
      assert.ok(result.text.includes('Leave it out of the pattern: "pattern": "src/*.md"'), result.text);
    }
  });

  it('takes a composed workspace folder name for a decomposed one, in "path" and at the start of a pattern (regression: "path" not found)', async () => {
    tree.write({ [`${nfd('café')}/src/a.md`]: at('2024-01-01'), 'other/src/b.md': at('2024-01-02') });
    const folders = [{ name: nfd('café'), path: tree.path(nfd('café')) }, { name: 'other', path: tree.path('other') }];
    const options = { ripgrepPath: await testRipgrep(), emptyProbeMs: 60_000 };
    const inPath = await glob({ pattern: '*.md', path: nfc('café/src') }, folders, options);
    assert.deepEqual(paths(inPath), [`${nfd('café')}/src/a.md`]);
    const inPattern = await glob({ pattern: nfc('café/src/*.md') }, folders, options);
    assert.equal(inPattern.total, 0);
    assert.ok(inPattern.text.includes(`"path": ${JSON.stringify(nfd('café'))}, "pattern": "src/*.md"`), inPattern.text);
  });

  it('leaves exclude settings as written, as VS Code’s search does: a composed one leaves a decomposed name in', async () => {
    tree.write({ [nfd('café-old.md')]: at('2024-01-01'), [nfd('café.js')]: at('2024-01-02'), [nfd('café.ts')]: at('2024-01-03') });
    const rules = { excludeGlobs: [nfc('**/café-old.md')], conditionalExcludes: [{ glob: nfc('**/café.js'), sibling: '$(basename).ts' }] };
    assert.deepEqual(paths((await search(tree, '*.js', { rules })).result), [nfd('café.js')]);
    assert.deepEqual(paths((await search(tree, '*.md', { rules })).result), [nfd('café-old.md')]);
  });

  it('matches an ASCII pattern as written, normalizing nothing', async () => {
    tree.write({ [nfd('café.md')]: at('2024-01-01'), [nfc('cafés.md')]: at('2024-01-02') });
    // "e?" reads the "e" and the combining accent of the decomposed name, never "é".
    assert.deepEqual(paths((await search(tree, 'cafe?.md')).result), [nfd('café.md')]);
    const { commands } = await search(tree, 'caf*.md', { statMode: 'pool' });
    assert.ok(commands[0].includes('workspaceglob:*.[mM][dD]'), commands[0].join(' '));
    const ascii = compilePattern('src/lib/*.ts');
    assert.deepEqual(ascii.literalDirectories, ['src', 'lib']);
    assert.equal(ascii.requiredSuffix, '.ts');
  });
});

describe('compilePattern: globs outside ASCII', () => {
  it('narrows the walk only to directories written the same in every form, and sieves by the ending they share', () => {
    const pattern = compilePattern(nfc('docs/résumé/café.md'));
    assert.deepEqual(pattern.literalDirectories, ['docs']);
    assert.deepEqual(pattern.namedDirectories, ['docs', nfc('résumé')]);
    assert.equal(pattern.requiredSuffix, '.md');
    assert.ok(pattern.matches(nfd('docs/résumé/café.md')));
    // NFC also makes "K" of a Kelvin sign, so a "K" is no part of the ending every form shares.
    assert.equal(compilePattern('é.MKV').requiredSuffix, 'V');
    assert.ok(compilePattern('é.MKV').matches('é.M\u212AV'));
  });
});
