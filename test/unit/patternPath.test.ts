import * as assert from 'node:assert/strict';
import { anchoredPattern, endOfPlainDirectories, hasGlobSyntax, pathSegments, patternForName, tidyPatternPath } from '../../src/core/request/patternPath';

const tidy = (pattern: string): string => tidyPatternPath(pattern, true).pattern;

describe('patternPath: `.`, `..` and empty segments read as in a path', () => {
  it('leaves a pattern without such segments exactly as it is', () => {
    for (const pattern of ['*', '*.ts', 'src/**/*.ts', '/src/*.ts', 'src/', '!src/**', '.gitignore', '.*', 'a..b/*.ts', '**/.github/*.yml', '{a,b}/*.ts']) {
      assert.equal(tidy(pattern), pattern);
    }
  });

  it('keeps a pattern that started with "./" anchored: the search root\'s own files, not every depth', () => {
    // Regression: "./*.json" lost its "./" and became "*.json", which matches at any depth.
    assert.equal(tidy('./*.json'), '/*.json');
    assert.equal(tidy('./././a/*.ts'), 'a/*.ts');
    assert.equal(tidy('!./*.json'), '!/*.json');
    assert.equal(tidy('./src/'), '/src/');
  });

  it('keeps a directory that starts with "!" a name, not a negation, once "./" or "x/.." goes', () => {
    // Regression: "./!drafts/a.md" became "!drafts/a.md", every file but drafts/a.md.
    assert.equal(tidy('./!drafts/a.md'), '/!drafts/a.md');
    assert.equal(tidy('src/../!drafts/*.md'), '/!drafts/*.md');
    assert.equal(tidy('!./!drafts/a.md'), '!/!drafts/a.md');
  });

  it('drops empty and "." segments and folds "x/.." away', () => {
    assert.equal(tidy('src//core/*.ts'), 'src/core/*.ts');
    assert.equal(tidy('src/./core/glob.ts'), 'src/core/glob.ts');
    assert.equal(tidy('src/core/../cli.ts'), 'src/cli.ts');
    assert.equal(tidy('src/*/../x.ts'), 'src/x.ts');
    assert.equal(tidy('src/core/../'), '/src/');
    assert.equal(tidy('/work/main/./src//../cli.ts'), '/work/main/cli.ts');
    assert.equal(tidy('a/b/./'), 'a/b/');
  });

  it('reads a pattern that names the search root itself as every file under it', () => {
    assert.equal(tidy('./'), '**');
    assert.equal(tidy('.'), '**');
    assert.equal(tidy('src/..'), '**');
    assert.equal(tidy('!./'), '!**');
  });

  it('reports a ".." it cannot resolve, and how many lead the pattern', () => {
    assert.deepEqual(tidyPatternPath('../lib/*.ts', true), { pattern: '../lib/*.ts', parentsAbove: 1, unresolvedParent: 'aboveRoot' });
    assert.deepEqual(tidyPatternPath('a/../../../x', true), { pattern: '../../x', parentsAbove: 2, unresolvedParent: 'aboveRoot' });
    assert.deepEqual(tidyPatternPath('..', true), { pattern: '..', parentsAbove: 1, unresolvedParent: 'aboveRoot' });
    assert.deepEqual(tidyPatternPath('src/**/../x.ts', true), { pattern: 'src/**/../x.ts', parentsAbove: 0, unresolvedParent: 'afterAnyDirectories' });
  });

  it('splits only at slashes between segments: not inside {…} or […], not escaped', () => {
    assert.deepEqual(pathSegments('{src/./a,b}/./x', true), ['{src/./a,b}', '.', 'x']);
    assert.deepEqual(pathSegments('[/]x/./y', true), ['[/]x', '.', 'y']);
    assert.deepEqual(pathSegments('[]/]x/y', true), ['[]/]x', 'y']);
    assert.deepEqual(pathSegments('a\\/./b', true), ['a\\/.', 'b']);
    assert.deepEqual(pathSegments('a\\/./b', false), ['a\\', '.', 'b']);
    assert.equal(tidy('{src/./a,b}/./x'), '{src/./a,b}/x');
  });

  it('finds where the plain directory names that open a pattern end, never counting the last segment', () => {
    assert.equal(endOfPlainDirectories(['src', 'core', '*.ts']), 2);
    assert.equal(endOfPlainDirectories(['src', '*', 'a.ts']), 1);
    // The last segment names files even when it is plain, and so does the empty one of "src/".
    assert.equal(endOfPlainDirectories(['src', 'a.ts']), 1);
    assert.equal(endOfPlainDirectories(['src', '']), 1);
    assert.equal(endOfPlainDirectories(['a.ts']), 0);
    // From a later segment: an absolute pattern's first is '' or a drive.
    assert.equal(endOfPlainDirectories(['', 'home', 'x', '*.md'], 1), 3);
    assert.equal(endOfPlainDirectories(['', '*.md'], 1), 1);
  });

  it('tells text with glob syntax from a name written as it is', () => {
    for (const text of ['*.ts', 'a?', '[ab]', 'a]', '{a,b}', 'a}', 'a\\*']) {
      assert.equal(hasGlobSyntax(text), true, text);
    }
    for (const text of ['', 'src', 'a.b-c_d', '!x', 'a,b', 'résumé', '.']) {
      assert.equal(hasGlobSyntax(text), false, text);
    }
  });

  it('writes segments back as a pattern anchored where they start', () => {
    assert.equal(anchoredPattern(['core', '*.ts']), 'core/*.ts');
    assert.equal(anchoredPattern(['*.ts']), './*.ts');
    assert.equal(anchoredPattern(['**']), '**');
    assert.equal(anchoredPattern(['']), '*');
    assert.equal(anchoredPattern([]), '*');
    // Regression: "!drafts*/a.md" was offered, a negation: every file but those.
    assert.equal(anchoredPattern(['!drafts*', 'a.md']), './!drafts*/a.md');
    assert.equal(tidy(anchoredPattern(['!drafts*', 'a.md'])), '/!drafts*/a.md');
  });

  it('writes a file name as a pattern for that one file in the search root', () => {
    assert.equal(patternForName('index.ts'), './index.ts');
    assert.equal(patternForName('!x.md'), './!x.md');
    assert.equal(patternForName('[a]{b},c*?\\d.md'), './[[]a][{]b[}],c[*][?][\\]d.md');
    assert.equal(patternForName('config', '.*'), './config.*');
  });
});
