import * as assert from 'node:assert/strict';
import { nearnessOf } from '../../src/core/emptyAnswer/missingDirectory';
import { compilePattern } from '../../src/core/pattern/pattern';
import { NearName, nearPatterns, type NearSegment } from '../../src/core/emptyAnswer/nearPatterns';
import { NearSegments } from '../../src/core/emptyAnswer/nearSegments';

describe('near names and near patterns (missingDirectory.ts, nearPatterns.ts; pure)', () => {
  it('tells how near a name is: another case, the other number, a letter off, two swapped', () => {
    for (const [candidate, wanted, nearness] of [
      ['Src', 'src', 0],
      ['test', 'tests', 1],
      ['docs', 'doc', 1],
      ['classes', 'class', 1],
      ['components', 'compnents', 2],
      ['util', 'utik', 2],
      ['src', 'scr', 2],
      // Underscores around a name set aside: at best "s" added.
      ['__tests__', 'tests', 1],
      ['__tests__', 'test', 1],
      ['tests', '__tests__', 1],
      ['__mocks__', 'mock', 1],
      ['__tests__', 'tsets', 2],
      ['__tests__', 'specs', undefined],
      ['_', '__', undefined],
      ['__', 'a', undefined],
      ['_', 's', undefined],
      ['_a', 'a', undefined],
      ['a', '_as', undefined],
      ['__src__', 'src', 1],
      // Not near: the same name, three letters one off, two letters off, lengths far apart.
      ['src', 'src', undefined],
      ['app', 'api', undefined],
      ['lib', 'bin', undefined],
      ['tests', 'text', undefined],
      ['a', 'a'.repeat(100_000), undefined],
    ] as const) {
      assert.equal(nearnessOf(candidate, wanted), nearness, `${candidate} for ${wanted}`);
    }
  });

  it('finds names near a file name with the same extension or a related one, and not the name itself', () => {
    const name = new NearName('utils.py');
    assert.deepEqual(
      ['util.py', 'utils2.py', 'utils-old.py', 'utils_v2.py', 'utils.py', 'Utils.py', 'util.ts', 'utilities.py', 'utilsx.pyc'].filter((candidate) => name.isNear(candidate)),
      ['util.py', 'utils2.py', 'utils-old.py', 'utils_v2.py'],
    );
    // The same stem with another extension is the related-ending look's.
    const script = new NearName('helper.js');
    assert.deepEqual(
      ['helpers.ts', 'helpers.js', 'helpers.mts', 'helper.ts', 'helper.js', 'helpers.py', 'Helper.js', 'helpers.d.ts'].filter((candidate) => script.isNear(candidate)),
      ['helpers.ts', 'helpers.js', 'helpers.mts'],
    );
  });

  it('finds the directories named after a wildcard, before any "**", and writes the pattern with another name there', () => {
    const segmentOf = (pattern: string): [string, string, string, string] | undefined => {
      const [near] = nearPatterns(compilePattern(pattern)).nearSegments;
      return near && [near.anyName.source, near.directory, near.with('test'), near.directoryWith('test')];
    };
    assert.deepEqual(segmentOf('packages/*/tests/*.ts'), ['packages/*/*/*.ts', 'packages/*/tests/', 'packages/*/test/*.ts', 'packages/*/test/']);
    assert.deepEqual(segmentOf('/x/*/tests/unit/*.py'), ['/x/*/*/unit/*.py', '/x/*/tests/', '/x/*/test/unit/*.py', '/x/*/test/']);
    assert.deepEqual(segmentOf('src/{a,b}/tests/'), ['src/{a,b}/*/', 'src/{a,b}/tests/', 'src/{a,b}/test/', 'src/{a,b}/test/']);
    // Each of them, up to three: any one may be the one that is not there.
    const directories = (pattern: string): string[] => nearPatterns(compilePattern(pattern)).nearSegments.map((near) => near.directory);
    assert.deepEqual(directories('packages/*/src/tests/*.ts'), ['packages/*/src/', 'packages/*/src/tests/']);
    assert.deepEqual(directories('*/a/b/c/d/**/e/*.ts'), ['*/a/', '*/a/b/', '*/a/b/c/']);
    assert.deepEqual(segmentOf('packages/**/tests/**'), ['packages/**/*/**', 'packages/**/tests/', 'packages/**/test/**', 'packages/**/test/']);
    assert.deepEqual(segmentOf('**/tests/*.py'), ['**/*/*.py', '**/tests/', '**/test/*.py', '**/test/']);
    // None before a wildcard, as the file name, or in a negation.
    for (const pattern of ['src/tests/*.ts', 'src/*/x.ts', '*.ts', '!packages/*/tests/*.ts']) {
      assert.equal(segmentOf(pattern), undefined, pattern);
    }
    // A missing directory with none near beside it: one and two levels further down, in each directory there.
    const missing = (directory: string, near?: string): Parameters<typeof nearPatterns>[1] => ({
      directory,
      ...(near ? { near: { directory: near, otherCase: false } } : {}),
    });
    const oneDown = (pattern: string, directory: string, near?: string): string[] =>
      nearPatterns(compilePattern(pattern), missing(directory, near)).nearSegments.map((segment) => segment.anyName.source);
    assert.deepEqual(oneDown('packages/tests/**', 'packages/tests/'), ['packages/*/*/**', 'packages/*/*/*/**']);
    assert.deepEqual(oneDown('tests/unit/*.py', 'tests/'), ['*/*/unit/*.py', '*/*/*/unit/*.py']);
    assert.deepEqual(oneDown('packages/tests/**', 'packages/tests/', 'packages/test/'), []);
    // Directories after a wildcard come first.
    assert.deepEqual(oneDown('pkgs/*/tests/*.ts', 'pkgs/'), ['pkgs/*/*/*.ts', '*/*/*/tests/*.ts', '*/*/*/*/tests/*.ts']);
    const [near] = nearPatterns(compilePattern('packages/*/tests/*.ts')).nearSegments;
    assert.deepEqual(['test', 'Tests', 'testing', 'tsets'].filter((name) => near?.isNear(name)), ['test', 'tsets']);
    // The near names among a path's directories, each once; and whether the pattern matches with one in its place.
    assert.deepEqual(
      ['packages/a/test', 'packages/a/tsets/b', 'packages/test/x', 'packages/a/tests-old', 'tests', ''].map((directory) => near?.nearNamesIn(directory)),
      [['test'], ['tsets'], [], [], [], []],
    );
    // After "**", at any place, each once.
    const [anywhere] = nearPatterns(compilePattern('**/tests/*.ts')).nearSegments;
    assert.deepEqual(anywhere.nearNamesIn('packages/test/tsets/test/'), ['test', 'tsets']);
    // What decides: up to the directory in its place where that is fixed, else the file's directory.
    assert.deepEqual(
      ['packages/a/test/b/x.ts', 'packages/a/x.ts', 'x.ts'].map((path) => near?.decidingPart(path)),
      [{ deciding: 'packages/a/test/', subtree: true }, { deciding: 'packages/a/', subtree: false }, { deciding: '', subtree: false }],
    );
    assert.deepEqual(anywhere.decidingPart('packages/a/test/b/x.ts'), { deciding: 'packages/a/test/b/', subtree: false });
    // Counted by the near name there; a decision for a shallower directory's files is not reused below it.
    for (const [segment, paths, counted] of [
      [near, ['packages/x.ts', 'packages/a/test/y.ts', 'packages/a/test/b.ts', 'packages/b/test/sub/c.ts', 'packages/b/tsets/d.ts'], ['test', 'test', 'tsets']],
      [anywhere, ['x.ts', 'a/x.ts', 'a/test/y.ts', 'a/test/sub/z.ts', 'tsets/w.ts'], ['test', 'tsets']],
    ] as const) {
      const segments = new NearSegments(segment as NearSegment);
      const seen = paths.flatMap((path, i) => (segments.consider(0, `${i}`, path) ? [path.split('/').find((name) => segment?.isNear(name))] : []));
      assert.deepEqual(seen, counted, segment?.directory);
    }
    assert.deepEqual(
      ['packages/a/test/x.ts', 'packages/a/b/test/x.ts', 'packages/a/test/x.js', 'other/a/test/x.ts'].map((path) => near?.matchesWith('test', path)),
      [true, false, false, false],
    );
  });

  it('gives each near pattern where it applies', () => {
    const sources = (pattern: string, missing?: Parameters<typeof nearPatterns>[1]): Record<string, string | string[] | undefined> => {
      const near = nearPatterns(compilePattern(pattern), missing);
      return {
        anyDepth: near.anyDepth?.source,
        nearDirectory: near.nearDirectory?.source,
        missingDeeper: near.missingDeeper?.source,
        fileNamed: near.fileNamed?.source,
        fileWithExtension: near.fileWithExtension?.source,
        deeper: near.deeper?.source,
        nameElsewhere: near.nameElsewhere?.source,
        nearName: near.nearName?.name,
        related: near.related.map(({ pattern: related }) => related.source),
      };
    };
    assert.deepEqual(sources('src/utils/helpers.ts'), {
      anyDepth: '**/src/utils/helpers.ts',
      nearDirectory: undefined,
      missingDeeper: undefined,
      fileNamed: undefined,
      fileWithExtension: undefined,
      deeper: 'src/utils/**/helpers.ts',
      nameElsewhere: '**/helpers.*',
      nearName: 'helpers.ts',
      related: ['src/utils/helpers.js', 'src/utils/helpers.tsx', 'src/utils/helpers.jsx', 'src/utils/helpers.mjs', 'src/utils/helpers.cjs', 'src/utils/helpers.mts', 'src/utils/helpers.cts'],
    });
    // Each related ending also one level down, where the pattern has a directory before the name.
    const related = nearPatterns(compilePattern('src/*.jsx')).related.map(({ pattern, deeper }) => [pattern.source, deeper?.source]);
    assert.deepEqual(related.slice(0, 2), [['src/*.js', 'src/**/*.js'], ['src/*.ts', 'src/**/*.ts']]);
    assert.equal(nearPatterns(compilePattern('*.jsx')).related[0].deeper, undefined);
    // Test files named the other way: with the extension given first, then with its family's.
    assert.deepEqual((sources('**/*.spec.ts').related as string[]).slice(0, 3), ['**/*.test.ts', '**/*.test.js', '**/*.test.tsx']);
    // A missing directory: its near neighbour, deeper inside its parent, and a file of its name in its place; nothing one level down.
    const missing = { directory: 'packages/ui/components/', near: { directory: 'packages/ui/component/', otherCase: false, pattern: 'packages/ui/component/**' } };
    assert.deepEqual(sources('packages/ui/components/**', missing), {
      anyDepth: '**/packages/ui/components/**',
      nearDirectory: 'packages/ui/component/**',
      missingDeeper: 'packages/ui/**/components/**',
      fileNamed: 'packages/ui/components',
      fileWithExtension: 'packages/ui/components.*',
      deeper: undefined,
      nameElsewhere: undefined,
      nearName: undefined,
      related: [],
    });
    // The files in the missing directory's place are counted where the pattern's name part fits them.
    const fits = (pattern: string, paths: readonly string[]): boolean[] => {
      const inPlace = nearPatterns(compilePattern(pattern), { directory: 'src/utils/' }).fileFits;
      return paths.map((path) => inPlace?.matches(path) ?? false);
    };
    const inPlace = ['src/utils', 'src/utils.ts', 'src/utils.py', 'src/utilsx.ts', 'lib/utils.ts'];
    assert.deepEqual(fits('src/utils/**', inPlace), [true, true, true, false, false]);
    assert.deepEqual(fits('src/utils/*.ts', inPlace), [false, true, false, false, false]);
    assert.deepEqual(fits('src/utils/**/*.py', inPlace), [false, false, true, false, false]);
    // Names with wildcards under directories, alone: as written, where enough of them is not a wildcard.
    const alone = (pattern: string): string | undefined => nearPatterns(compilePattern(pattern)).nameElsewhere?.source;
    assert.deepEqual(
      ['src/**/*.test.ts', 'packages/*/lib/*.py', 'config/Makefile', '**/tests/*.py', 'src/*', 'src/*.*', 'src/?x', 'docs/**', '**/*.ts', '**/**/*.ts'].map(alone),
      ['**/*.test.ts', '**/*.py', '**/Makefile', '**/*.py', undefined, undefined, undefined, undefined, undefined, undefined],
    );
    // A negation keeps only its any-depth pattern; a bare name with wildcards has none.
    assert.deepEqual(sources('!src/*.ts'), { anyDepth: '!**/src/*.ts', nearDirectory: undefined, missingDeeper: undefined, fileNamed: undefined, fileWithExtension: undefined, deeper: undefined, nameElsewhere: undefined, nearName: undefined, related: [] });
    assert.deepEqual(sources('*.py'), { anyDepth: undefined, nearDirectory: undefined, missingDeeper: undefined, fileNamed: undefined, fileWithExtension: undefined, deeper: undefined, nameElsewhere: undefined, nearName: undefined, related: [] });
  });
});
