import * as assert from 'node:assert/strict';
import { patternSlips } from '../../src/core/emptyAnswer/patternSlips';

const posix = (pattern: string): ReturnType<typeof patternSlips> => patternSlips(pattern, true);

describe('patternSlips: how a pattern that matched nothing was probably meant', () => {
  it('finds nothing to say about ordinary globs, names with spaces and brace alternatives', () => {
    for (const pattern of ['*', '*.ts', 'src/**/*.ts', '{src,test}/**/*.{ts,tsx}', 'My Document.pdf', 'notes for me', 'a\\*b', '[ab],c', '.*', '!src/**']) {
      assert.deepEqual(posix(pattern), {}, pattern);
    }
  });

  it('reads quotes around the whole pattern as a command line\'s', () => {
    assert.deepEqual(posix('"*.ts"'), { unquoted: '*.ts' });
    assert.deepEqual(posix("'src/*.md'"), { unquoted: 'src/*.md' });
    assert.deepEqual(posix('`*.md`'), { unquoted: '*.md' });
    // Only a matching pair around all of it.
    assert.deepEqual(posix('"*.ts'), {});
    assert.deepEqual(posix('"a".ts'), {});
  });

  it('joins patterns separated by spaces, commas, "|" or ";" as one brace alternative', () => {
    assert.deepEqual(posix('**/*.ts **/*.js'), { severalPatterns: { pieces: ['**/*.ts', '**/*.js'], joined: '{**/*.ts,**/*.js}' } });
    assert.deepEqual(posix('*.ts, *.tsx'), { severalPatterns: { pieces: ['*.ts', '*.tsx'], joined: '{*.ts,*.tsx}' } });
    assert.deepEqual(posix('*.ts|*.tsx'), { severalPatterns: { pieces: ['*.ts', '*.tsx'], joined: '{*.ts,*.tsx}' } });
    assert.deepEqual(posix('src/*.ts;test/*.ts'), { severalPatterns: { pieces: ['src/*.ts', 'test/*.ts'], joined: '{src/*.ts,test/*.ts}' } });
    assert.deepEqual(posix('README.md CHANGELOG.md'), { severalPatterns: { pieces: ['README.md', 'CHANGELOG.md'], joined: '{README.md,CHANGELOG.md}' } });
  });

  it('keeps each joined piece matching where it matched alone', () => {
    // Once one piece holds a "/", the whole is anchored: a piece that matched at any depth
    // gets "**/", and one that was anchored by "./" alone needs the whole anchored by "/".
    assert.equal(posix('*.md src/*.ts').severalPatterns?.joined, '{**/*.md,src/*.ts}');
    assert.equal(posix('*.md ./*.json').severalPatterns?.joined, '{**/*.md,*.json}');
    assert.equal(posix('./*.md ./*.json').severalPatterns?.joined, '/{*.md,*.json}');
    assert.equal(posix('src/ docs/').severalPatterns?.joined, '{src/**,docs/**}');
    assert.equal(posix('/src/*.ts /test/*.ts').severalPatterns?.joined, '{src/*.ts,test/*.ts}');
  });

  it('cannot nest braces, and says so by giving no joined pattern', () => {
    assert.deepEqual(posix('*.{ts,tsx} *.md'), { severalPatterns: { pieces: ['*.{ts,tsx}', '*.md'] } });
  });

  it('leaves a regular expression to the regular-expression advice, even one with "|"', () => {
    assert.deepEqual(posix('.*\\.ts|.*\\.js'), { regularExpression: true });
    assert.deepEqual(posix('foo|bar'), { regularExpression: true });
    assert.deepEqual(posix('^src/.*$'), { regularExpression: true });
    assert.deepEqual(posix('test.*Spec'), { regularExpression: true });
  });

  it('reads ".*" after a name as the glob of its extensions (regression: "tsconfig.*.json" was told globs are not regular expressions)', () => {
    for (const glob of ['README.*', 'tsconfig.*.json', '*.config.*', 'src/index.*', '.*', 'src/.*']) {
      assert.deepEqual(posix(glob), {}, glob);
    }
  });

  it('takes the spaces out beside the commas of a brace alternative', () => {
    assert.deepEqual(posix('src/*.{ts, tsx}'), { bracesWithoutSpaces: 'src/*.{ts,tsx}' });
    assert.deepEqual(posix('{src , test}/*.ts'), { bracesWithoutSpaces: '{src,test}/*.ts' });
    assert.deepEqual(posix('*.{ ts,tsx }'), { bracesWithoutSpaces: '*.{ts,tsx}' });
    // A space inside an alternative is part of a name, as in "{My Documents,Desktop}/*".
    assert.deepEqual(posix('{My Documents,Desktop}/*'), {});
  });

  it('says a "{…}" holds an empty alternative, which is dropped, with each alternative written out', () => {
    // Regression: "*.y{a,}ml" found the .yaml files and no .yml one, and the answer looked whole.
    assert.deepEqual(posix('**/*.y{a,}ml'), { emptyAlternative: { writtenOut: '**/{*.yaml,*.yml}' } });
    assert.deepEqual(posix('{,.}*.json'), { emptyAlternative: { writtenOut: '{*.json,.*.json}' } });
    assert.deepEqual(posix('a{b,,c}d'), { emptyAlternative: { writtenOut: '{abd,ad,acd}' } });
    // A leading "!", "/" or "./" keeps its meaning only in front of the braces.
    assert.deepEqual(posix('!*.y{a,}ml'), { emptyAlternative: { writtenOut: '!{*.yaml,*.yml}' } });
    assert.deepEqual(posix('./x{a,}'), { emptyAlternative: { writtenOut: './{xa,x}' } });
    // Written out, each alternative reads as a path (regression: "src//*.ts" and "/*.ts" inside the
    // braces matched nothing, and an absolute or "~/" pattern moved into them named a directory
    // below the search root): no doubled "/", one the group stood before anchors them all, and
    // the directories every one starts with stay in front.
    assert.deepEqual(posix('src/{gen,}/*.ts'), { emptyAlternative: { writtenOut: 'src/{gen/*.ts,*.ts}' } });
    assert.deepEqual(posix('{src,}/*.ts'), { emptyAlternative: { writtenOut: '/{src/*.ts,*.ts}' } });
    assert.deepEqual(posix('!{src,}/*.ts'), { emptyAlternative: { writtenOut: '!/{src/*.ts,*.ts}' } });
    assert.deepEqual(posix('/home/me/ws/src/*.y{a,}ml'), { emptyAlternative: { writtenOut: '/home/me/ws/src/{*.yaml,*.yml}' } });
    assert.deepEqual(posix('~/notes/*.m{d,}'), { emptyAlternative: { writtenOut: '~/notes/{*.md,*.m}' } });
    // A class's "/" is none (and the pattern offered writes it outside, patternSlips.ts slashClassesIn).
    assert.deepEqual(posix('a[/]b/{c,}d'), { emptyAlternative: { writtenOut: 'a[/]b/{cd,d}' }, slashInClass: { classes: ['[/]'], written: 'a/b/{cd,d}' } });
    // Written out, a second group would nest, which ripgrep 13 refuses: only said.
    assert.deepEqual(posix('x{a,}/*.{ts,js}'), { emptyAlternative: {} });
    // Regression: where the empty alternative makes no pattern of its own, nothing is lost, but
    // "{a,}" was said to have been cut short and offered "a", the pattern searched.
    for (const pattern of ['{a,}', '!{a,}', '{,a}', '{a/b,}']) {
      assert.equal(posix(pattern).emptyAlternative, undefined, pattern);
    }
    // Regression: after a leading "/" or "./" the empty alternative is that lead alone, every
    // file, yet "/{a,}" was said to lose nothing.
    assert.deepEqual(posix('/{a,}'), { emptyAlternative: { writtenOut: '*' } });
    assert.deepEqual(posix('./{a/b,}'), { emptyAlternative: { writtenOut: '*' } });
    // Regression: pieces alike but for their slashes were taken for one, and the empty
    // alternative said to lose nothing, yet "x/{/,}b" is "x//b" (nothing, to ripgrep) or "x/b".
    assert.deepEqual(posix('x/{/,}b'), { emptyAlternative: { writtenOut: 'x/b' } });
    assert.deepEqual(posix('x{/,}/'), { emptyAlternative: { writtenOut: 'x/' } });
    assert.notEqual(posix('{/,}b').emptyAlternative, undefined);
    // Nothing to say where no alternative is empty, or where every one is ("{}" matches nothing either way).
    for (const pattern of ['*.{ts,tsx}', '{,}x', 'a{\\,,b}', '[{,}]x']) {
      assert.deepEqual(posix(pattern), {}, pattern);
    }
  });

  it('says nothing where the empty alternative loses no file (regression: ".{a,}" was offered "{.a,.}", "{a/,}" told to write each alternative out)', () => {
    // Its piece names no file (the name ".", or nothing), or another piece, read in the braces as
    // alone, finds its files: "**\/b" those of "b".
    for (const pattern of ['.{a,}', 'x/.{a,}', '!.{a,}', '{a/,}', '{/x,}', '{**/,}b', '!{**/,}b']) {
      assert.equal(posix(pattern).emptyAlternative, undefined, pattern);
    }
    // Not where the others find it only as a path: "x//b" ran as written, and matched nothing.
    assert.deepEqual(posix('x/{/,}b'), { emptyAlternative: { writtenOut: 'x/b' } });
  });

  it('writes a piece with no "/" beside one with one as matching at any depth (regression: "{/,}b" was offered "/b", which misses "x/b")', () => {
    // "{/,}b" is "/b" or "b", and "b" alone matches at any depth, "/b" with the rest.
    assert.deepEqual(posix('{/,}b'), { emptyAlternative: { writtenOut: 'b' } });
    assert.deepEqual(posix('!{/,}b'), { emptyAlternative: { writtenOut: '!b' } });
    // Offered "{x/b,xb}", anchored as a whole, it missed "y/xb".
    assert.deepEqual(posix('x{/,}b'), { emptyAlternative: { writtenOut: '{x/b,**/xb}' } });
    assert.deepEqual(posix('a{b/c,}'), { emptyAlternative: { writtenOut: '{ab/c,**/a}' } });
    assert.deepEqual(posix('{/x,}y'), { emptyAlternative: { writtenOut: '/{xy,**/y}' } });
  });

  it('writes out an empty alternative before a trailing "/" as every file (regression: "{src,}/" was offered "src/")', () => {
    // A trailing "/" alone means every file (SPEC §1), so "src/" or "/" is every file.
    assert.deepEqual(posix('{src,}/'), { emptyAlternative: { writtenOut: '*' } });
    assert.deepEqual(posix('./{,src}/'), { emptyAlternative: { writtenOut: '*' } });
    assert.deepEqual(posix('{src,}/**/'), { emptyAlternative: { writtenOut: '*' } });
  });

  it('says nothing of a negation whose empty alternative is every file (regression: "!{src,}/" was offered "!*", which lists no file)', () => {
    // "!{src,}/" left out src/ or every file: nothing, which no one searches for; ripgrep ran "!src/".
    for (const pattern of ['!{src,}/', '!/{a,}', '!./{,a}', '!src/{..,}/']) {
      assert.equal(posix(pattern).emptyAlternative, undefined, pattern);
    }
  });

  it('leaves out a last "**" before a trailing "/" (regression: "src/{gen,}/**/" was offered "src/{gen/**,**}/", which finds no file directly in src/)', () => {
    assert.deepEqual(posix('src/{gen,}/**/'), { emptyAlternative: { writtenOut: 'src/' } });
    assert.deepEqual(posix('src/{gen,}/**/**/'), { emptyAlternative: { writtenOut: 'src/' } });
    // Not where the "**" ends the pattern: there it is no "**" too many, and means what it does outside braces.
    assert.deepEqual(posix('src/{gen,}/**'), { emptyAlternative: { writtenOut: 'src/{gen/**,**}' } });
    // Regression: "src/{,**}/" was said to lose nothing, its "src/**/" taken for the "src/" it is
    // alone; in the braces it found no file directly in src/.
    assert.deepEqual(posix('src/{,**}/'), { emptyAlternative: { writtenOut: 'src/' } });
  });

  it('writes out alternatives before a trailing "/" as the one that holds the others (regression: "/home/me/ws/{src,}/" was offered "/home/me/{ws/src,ws}/")', () => {
    // "ws/" holds every file "ws/src/" does; apart, the directories in front stopped short of the
    // shorter one's last and named a directory above the workspace.
    assert.deepEqual(posix('/home/me/ws/{src,}/'), { emptyAlternative: { writtenOut: '/home/me/ws/' } });
    assert.deepEqual(posix('~/ws/{src,}/'), { emptyAlternative: { writtenOut: '~/ws/' } });
    assert.deepEqual(posix('src/{lib,}/'), { emptyAlternative: { writtenOut: 'src/' } });
    assert.deepEqual(patternSlips('C:\\ws\\{src,}\\', false), { emptyAlternative: { writtenOut: 'C:/ws/' } });
    // Not where neither holds the other.
    assert.deepEqual(posix('src/{lib,}x/'), { emptyAlternative: { writtenOut: 'src/{libx,x}/' } });
  });

  it('takes "." and ".." away in each alternative, as the pattern alone (regression: "src/{..,}/" was offered "{src/..,src}/", which matched src/ alone)', () => {
    // In the braces ripgrep takes them as written, and no path holds one; alone, "src/../" is every file.
    assert.deepEqual(posix('src/{..,}/'), { emptyAlternative: { writtenOut: '*' } });
    assert.deepEqual(posix('!src/{,..}/*'), { emptyAlternative: { writtenOut: '!{src/*,*}' } });
    assert.deepEqual(posix('src/gen/{..,}/*.ts'), { emptyAlternative: { writtenOut: 'src/{*.ts,gen/*.ts}' } });
    assert.deepEqual(posix('src/{lib,.,}/*.ts'), { emptyAlternative: { writtenOut: 'src/{lib/*.ts,*.ts}' } });
    assert.deepEqual(patternSlips('src\\gen\\{..,}\\*.ts', false), { emptyAlternative: { writtenOut: 'src/{*.ts,gen/*.ts}' } });
    // A ".." the tool refuses alone, above the search root or after "**", is not written out.
    assert.deepEqual(posix('{..,}/*.ts'), { emptyAlternative: {} });
    assert.deepEqual(posix('**/{..,}/a'), { emptyAlternative: {} });
  });

  it('gives a Windows path with "/" where "\\" escapes, and not on Windows', () => {
    assert.deepEqual(posix('src\\core\\*.ts'), { backslashesAsSeparators: 'src/core/*.ts' });
    // Regression: Windows' "src\**\*.ts" got no hint (a backslash before "*" was taken for an escape).
    assert.deepEqual(posix('src\\**\\*.ts'), { backslashesAsSeparators: 'src/**/*.ts' });
    assert.deepEqual(patternSlips('src\\core\\*.ts', false), {});
  });

  it('names the drive a Windows path starts with where paths are POSIX ones, rather than give it back with "/"', () => {
    // Regression: "C:\Users\me\*.txt" was offered as "C:/Users/me/*.txt", which found nothing
    // again ("C:/" does not exist), and a model learned nothing of why.
    assert.deepEqual(posix('C:\\Users\\me\\*.txt'), { windowsDrive: 'C:' });
    assert.deepEqual(posix('c:/Users/me/*.txt'), { windowsDrive: 'c:' });
    assert.deepEqual(posix('!D:\\tmp\\*'), { windowsDrive: 'D:' });
    assert.deepEqual(patternSlips('C:\\Users\\me\\*.txt', false), {});
  });

  it('writes out an empty alternative of a Windows pattern with "\\" separators as a path', () => {
    // Regression: on Windows "\" was left as it stood, so "src\{gen,}\*.ts" gave "src\\*.ts" in the
    // braces (no file there), and an absolute pattern's drive letter went inside them.
    assert.deepEqual(patternSlips('src\\{gen,}\\*.ts', false), { emptyAlternative: { writtenOut: 'src/{gen/*.ts,*.ts}' } });
    assert.deepEqual(patternSlips('{src,}\\*.ts', false), { emptyAlternative: { writtenOut: '/{src/*.ts,*.ts}' } });
    assert.deepEqual(patternSlips('C:\\ws\\src\\*.y{a,}ml', false), { emptyAlternative: { writtenOut: 'C:/ws/src/{*.yaml,*.yml}' } });
  });

  it('says a class never matches "/", and writes a class of only "/" outside it', () => {
    // Regression: "src[/]*" was said to be anchored for its "/", and told to end in "/".
    assert.deepEqual(posix('src[/]*'), { slashInClass: { classes: ['[/]'], written: 'src/*' } });
    assert.deepEqual(posix('a[\\/]b[/]*.ts'), { slashInClass: { classes: ['[\\/]', '[/]'], written: 'a/b/*.ts' } });
    // With other members, no pattern is offered; a class that leaves "/" out means it.
    assert.deepEqual(posix('src[/_]*'), { slashInClass: { classes: ['[/_]'] } });
    assert.deepEqual(posix('src[!/]*'), {});
    assert.deepEqual(posix('src\\[/]'), {});
  });
});

