import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { bundledRipgrepCandidates } from '../../src/vscode/bundledRipgrep';
import { chatPromptFor, leftOverWords, parseChatPrompt } from '../../src/vscode/chatPrompt';
import { excludeRules } from '../../src/vscode/excludes';
import { listTitle, type ListFacts } from '../../src/vscode/listTitle';
import { decodeListTitle, decodeListUri, encodeListUri, LIST_SCHEME } from '../../src/vscode/listUri';
import { escapeMarkdown, fileFromLinkArgument, fileLinkArgument, inlineCode, markdownLink } from '../../src/vscode/markdown';
import { importedRipgrepPath, locateRipgrep, packagedRipgrep } from '../../src/core/ripgrep/locate';
import { glob, type GlobInput } from '../../src/core';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

describe('VS Code adapter pieces that need no VS Code', () => {
  it('reads files.exclude and search.exclude as VS Code search does', () => {
    const rules = excludeRules(
      { '**/.git': true, '**/*.tmp': true, build: true, off: false },
      { 'build': false, 'dist/**': true, '**/*.js': { when: '$(basename).ts' }, 'weird': 'yes' },
    );
    // search.exclude inherits files.exclude, false turns an entry off, top-level names are anchored.
    assert.deepEqual(rules.excludeGlobs, ['**/.git', '**/*.tmp', 'dist/**']);
    assert.deepEqual(rules.conditionalExcludes, [{ glob: '**/*.js', sibling: '$(basename).ts' }]);
    assert.deepEqual(excludeRules({ node_modules: true }, undefined).excludeGlobs, ['/node_modules']);
    assert.deepEqual(excludeRules('nonsense', null), { excludeGlobs: [], conditionalExcludes: [] });
    // A trailing "/" is dropped, as VS Code's search drops it (a file named "build" is left out too);
    // an empty "when" names no sibling, so the entry is left out, not applied to every match.
    assert.deepEqual(excludeRules({ 'build/': true, '**/out/': true, 'a/b/': true }, undefined).excludeGlobs, ['/build', '**/out', 'a/b']);
    assert.deepEqual(excludeRules({ '**/*.js': { when: '' } }, undefined).conditionalExcludes, []);
  });

  it('round-trips complete-list URIs through one encode/decode pair', () => {
    for (const file of ['/home/me/.config/Code/lists/glob-1.txt', '/tmp/with space/and%percent/glob.txt', 'C:\\Users\\me\\glob.txt', '/ü/?#&=.txt']) {
      const parts = encodeListUri(file, '*.ts — 4,097 files');
      assert.equal(parts.scheme, LIST_SCHEME);
      assert.equal(decodeListUri(parts), file);
      assert.equal(decodeListTitle(parts), '*.ts — 4,097 files');
    }
    assert.equal(decodeListUri({ scheme: 'file', path: '/x', query: 'file=%2Fetc%2Fpasswd' }), undefined);
    assert.equal(decodeListUri({ scheme: LIST_SCHEME, path: '/x', query: 'file=%E0%A4%A' }), undefined);
  });

  it('titles a complete list by its pattern, path and total, one readable URI path segment whatever the pattern holds', () => {
    const file = '/home/me/.config/Code/lists/glob-20261130T100000000Z-0123456789abcdef.txt';
    const awkward: Array<[ListFacts, string]> = [
      [{ pattern: '*.ts', total: 4097, complete: true }, '*.ts — 4,097 files'],
      [{ pattern: 'src/**/*.{ts,tsx}', path: 'packages/ui/', total: 812, complete: true }, 'src\u2215**\u2215*.{ts,tsx} in packages\u2215ui\u2215 — 812 files'],
      [{ pattern: 'issue #12?.md', total: 1, complete: true }, 'issue #12?.md — 1 file'],
      [{ pattern: '100% done/*', path: '/abs/with space/', total: 101, complete: false }, '100% done\u2215* in \u2215abs\u2215with space\u2215 — 101 files found so far'],
      [{ pattern: 'docs\\*.md', total: 200, complete: true }, 'docs\u2216*.md — 200 files'],
      [{ pattern: 'ünïcödé/日本語/*.txt', total: 150, complete: true }, 'ünïcödé\u2215日本語\u2215*.txt — 150 files'],
      [{ pattern: 'a\nb\u202ec', total: 300, complete: true }, 'a b c — 300 files'],
    ];
    for (const [facts, expected] of awkward) {
      const parts = encodeListUri(file, listTitle(facts));
      const title = decodeListTitle(parts);
      assert.equal(title, expected);
      // One segment: a tab shows the last one, so a '/' would cut the title.
      assert.equal(parts.path, `/${title}`);
      assert.doesNotMatch(title, /[/\\\p{Cc}]/u);
      // Whatever the title holds, the list file comes back whole.
      assert.equal(decodeListUri(parts), file);
    }
    // A pattern too long for a tab is cut, and the count stays in sight.
    const long = listTitle({ pattern: `${'x'.repeat(500)}/*.ts`, total: 5000, complete: true });
    assert.ok([...long].length < 80);
    assert.match(long, /…/);
    assert.match(long, / — 5,000 files$/);
  });

  it('finds VS Code’s bundled ripgrep in both layouts, unpacked from asar or not', () => {
    const candidates = bundledRipgrepCandidates('/opt/code/resources/app', 'linux', 'x64').map((candidate) => candidate.path);
    assert.deepEqual(candidates, [
      '/opt/code/resources/app/node_modules.asar.unpacked/@vscode/ripgrep-universal/bin/linux-x64/rg',
      '/opt/code/resources/app/node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg',
      '/opt/code/resources/app/node_modules.asar.unpacked/@vscode/ripgrep/bin/rg',
      '/opt/code/resources/app/node_modules/@vscode/ripgrep/bin/rg',
    ]);
    assert.equal(bundledRipgrepCandidates('C:\\Code\\resources\\app', 'win32', 'arm64')[0].path, 'C:\\Code\\resources\\app\\node_modules.asar.unpacked\\@vscode\\ripgrep-universal\\bin\\win32-arm64\\rg.exe');
  });

  it('reads @glob prompts: pattern, optional path, --include-ignored, quotes for spaces', () => {
    assert.deepEqual(parseChatPrompt('src/**/*.ts'), { pattern: 'src/**/*.ts' });
    assert.deepEqual(parseChatPrompt('*.md docs --include-ignored'), { pattern: '*.md', path: 'docs', includeIgnored: true });
    assert.deepEqual(parseChatPrompt('"my file*.txt" "some dir"'), { pattern: 'my file*.txt', path: 'some dir' });
    assert.equal(parseChatPrompt('   '), undefined);
    // Any space parts words, as a person types or pastes it: a tab, a no-break space, a line break.
    for (const space of ['\t', '\u00a0', '\u3000', '\n']) {
      assert.deepEqual(parseChatPrompt(`*.md${space}docs`), { pattern: '*.md', path: 'docs' });
    }
    // Empty quotes are an empty word: no pattern is no search, and no path the whole workspace.
    assert.equal(parseChatPrompt('"" docs'), undefined);
    assert.deepEqual(parseChatPrompt('*.md ""'), { pattern: '*.md' });
    // Regression: a quoted part joined to the rest of a word was a word of its own, and
    // '"my docs"/*.md' searched for "my docs" in "/*.md", outside the workspace.
    assert.deepEqual(parseChatPrompt('"my docs"/*.md'), { pattern: 'my docs/*.md' });
    assert.deepEqual(parseChatPrompt('*.md docs/"my notes"'), { pattern: '*.md', path: 'docs/my notes' });
    // Regression: a quote left open ran to the end of the prompt, and 'say"hi.txt docs' was the one
    // pattern 'sayhi.txt docs'. Quotes count in pairs: one left open is a character of its word,
    // as an apostrophe is, on POSIX and on Windows alike.
    for (const posix of [true, false]) {
      assert.deepEqual(parseChatPrompt('say"hi.txt docs', posix), { pattern: 'say"hi.txt', path: 'docs' });
      assert.deepEqual(parseChatPrompt("don't/*.md docs", posix), { pattern: "don't/*.md", path: 'docs' });
      assert.deepEqual(parseChatPrompt('*.md docs"', posix), { pattern: '*.md', path: 'docs"' });
      assert.deepEqual(parseChatPrompt('*.md "my docs', posix), { pattern: '*.md', path: '"my' });
      assert.deepEqual(leftOverWords('*.md "my docs', posix), ['docs']);
      assert.deepEqual(parseChatPrompt('"a b" c"d', posix), { pattern: 'a b', path: 'c"d' });
    }
    // Regression: joined with the quoted parts, an escaped quote was an open quote, and
    // 'say\"hi\".txt' the pattern 'say\hi\.txt'. On Windows "\" is a separator before a quote.
    assert.deepEqual(parseChatPrompt('say\\"hi\\".txt "my \\docs"', true), { pattern: 'say"hi".txt', path: 'my \\docs' });
    assert.deepEqual(leftOverWords('*.md docs a\\"b c', true), ['a\\"b', 'c']);
    assert.deepEqual(parseChatPrompt('*.md docs\\"my notes"', false), { pattern: '*.md', path: 'docs\\my notes' });
    // Regression: "\\" was one backslash in the pattern (the glob's escape) but two in the path. A
    // word spells the same name either place; the glob writes its backslash as "\\". On Windows
    // "\" is a separator and a path keeps each one: "\\server\share" is a network share.
    assert.deepEqual(parseChatPrompt('back\\\\slash/*.md back\\\\slash', true), { pattern: 'back\\\\slash/*.md', path: 'back\\slash' });
    assert.deepEqual(parseChatPrompt('*.md "my \\\\docs\\\\"', true), { pattern: '*.md', path: 'my \\docs\\' });
    assert.deepEqual(parseChatPrompt('*.md \\\\server\\share', false), { pattern: '*.md', path: '\\\\server\\share' });
    // Regression: a backslash before a space did not join the words on POSIX, as it does in a
    // shell: 'my\ docs' was the path 'my\' and a word 'docs' left over. On Windows it still does not.
    assert.deepEqual(parseChatPrompt('my\\ docs/*.md my\\ docs', true), { pattern: 'my docs/*.md', path: 'my docs' });
    assert.deepEqual(leftOverWords('*.md my\\ docs', false), ['docs']);
    assert.deepEqual(leftOverWords('*.md docs\\\nx', true), ['x']);
    // Regression: a word in backticks, as chat users write code, was read with them, and
    // '`*.ts`' looked for names that start and end with a backtick. A code span is markup
    // where it starts a word and ends one; elsewhere, escaped or quoted, a backtick is a character.
    for (const posix of [true, false]) {
      assert.deepEqual(parseChatPrompt('`*.ts`', posix), { pattern: '*.ts' });
      assert.deepEqual(parseChatPrompt('`*.ts` `src`', posix), { pattern: '*.ts', path: 'src' });
      assert.deepEqual(parseChatPrompt('``"my docs"/*.md docs --include-ignored``', posix), { pattern: 'my docs/*.md', path: 'docs', includeIgnored: true });
      assert.deepEqual(parseChatPrompt('a`b`c "`d`"', posix), { pattern: 'a`b`c', path: '`d`' });
      assert.deepEqual(parseChatPrompt('`*.ts src', posix), { pattern: '`*.ts', path: 'src' });
      // A span's text is read as the prompt's, its words apart: a space in a name still takes quotes.
      assert.deepEqual(leftOverWords('*.md `my docs`', posix), ['docs']);
    }
    assert.deepEqual(parseChatPrompt('\\`x` src', true), { pattern: '\\`x`', path: 'src' });
    // Regression: a fenced block's language was read as a word: "```ts⏎*.ts src⏎```" looked for
    // "ts" in "*.ts". A fence's first line is its info string; a span of three on one line is not a fence.
    for (const posix of [true, false]) {
      assert.deepEqual(parseChatPrompt('```ts\n*.ts src\n```', posix), { pattern: '*.ts', path: 'src' });
      assert.deepEqual(parseChatPrompt('```\n*.ts src\n```', posix), { pattern: '*.ts', path: 'src' });
      assert.deepEqual(parseChatPrompt('```*.ts src```', posix), { pattern: '*.ts', path: 'src' });
    }
  });

  it('reads the --include-ignored flag written as the tool field is named too, not as a path', () => {
    // Regression: "@glob *.log --includeIgnored" searched a directory "--includeIgnored".
    for (const flag of ['--includeIgnored', '--include_ignored', '--includeignored', '--Include-Ignored']) {
      assert.deepEqual(parseChatPrompt(`*.log ${flag}`), { pattern: '*.log', includeIgnored: true });
      assert.deepEqual(parseChatPrompt(`*.log logs ${flag}`), { pattern: '*.log', path: 'logs', includeIgnored: true });
      assert.deepEqual(leftOverWords(`*.log logs ${flag}`), []);
      // A path so named gets no next search: it would read back as the flag.
      assert.equal(chatPromptFor({ pattern: '*.log', path: flag }), undefined);
    }
    assert.deepEqual(parseChatPrompt('*.log --ignored'), { pattern: '*.log', path: '--ignored' });
  });

  it('writes an @glob prompt that reads back as the search it stands for, on POSIX and on Windows', () => {
    const inputs = [
      { pattern: '*.md', path: 'back\\slash' },
      { pattern: 'a\\\\b\\*.md', path: 'two\\\\back slashes\\', includeIgnored: true },
      { pattern: 'my docs/*.md', path: '\\\\server\\share' },
      { pattern: '`x', path: 'y`' },
      { pattern: '`code`' },
    ];
    // The prompt written for each, where one is, and whether it reads back as the input, alone.
    const readBack = (input: GlobInput, posix: boolean): boolean | undefined => {
      const prompt = chatPromptFor(input, posix);
      return prompt === undefined ? undefined : isDeepStrictEqual(parseChatPrompt(prompt, posix), input) && leftOverWords(prompt, posix).length === 0;
    };
    for (const posix of [true, false]) {
      assert.deepEqual(inputs.map((input) => readBack(input, posix)), inputs.map(() => true));
    }
    // A double quote goes as `\"` on POSIX, as a shell takes it; no prompt carries one on Windows.
    assert.equal(chatPromptFor({ pattern: 'say"hi".txt', path: 'my "docs"' }, true), 'say\\"hi\\".txt "my \\"docs\\""');
    assert.deepEqual(parseChatPrompt('say\\"hi\\".txt "my \\"docs\\""', true), { pattern: 'say"hi".txt', path: 'my "docs"' });
    assert.equal(chatPromptFor({ pattern: 'say"hi".txt' }, false), undefined);
    // Regression: these were written as prompts that read back as other searches: a part that is
    // the flag was the flag, backticks with a space before the one and after the other a code
    // span even in quotes ('"a `b` c"' read "a b c"), and on POSIX a pattern's last "\" escaped
    // the space or the quote after it. Each is either written as one that reads back, or not at all.
    const unsure = [
      { pattern: '--include-ignored' },
      { pattern: '*.md', path: '--include-ignored' },
      { pattern: 'a `b` c' },
      { pattern: 'x `y', path: 'z` w' },
      { pattern: 'a\\', path: 'docs' },
      { pattern: 'my a\\' },
    ];
    for (const posix of [true, false]) {
      assert.ok(unsure.every((input) => readBack(input, posix) !== false), `posix: ${posix}`);
    }
  });

  it('finds with an @glob prompt the names its escaped backslashes and quotes spell (POSIX)', async () => {
    const tree = new TempTree().write({ 'a\\b c.txt': 1, 'src/x.txt': 2, 'src/say "hi".txt': 3, 'src/say"hi.txt': 4, 'back\\slash/n.md': 5, 'my docs/m.md': 6 });
    try {
      // Regression: "\\" is one escaped backslash, to a shell and to the glob, so the quote after
      // it opens a quoted part; read as an escaped quote, 'a\\"b c".txt' was the pattern 'a\"b'
      // (a name 'a"b') and the path 'c.txt'.
      // Regression: inside quotes "\"" closed them, and '"say \"hi\".txt" src' was the one
      // pattern 'say \hi".txt src', with no path.
      // Regression: a quote left open ran to the end, and 'say"hi.txt src' was one pattern.
      // Regression: "\\" was two backslashes in a path, and '*.md back\\slash' found nothing.
      // Regression: 'my\ docs' was two words, and a code span's backticks part of its words.
      const prompts = [
        ['a\\\\"b c".txt', 'a\\b c.txt'],
        ['"say \\"hi\\".txt" src', 'src/say "hi".txt'],
        ['say"hi.txt src', 'src/say"hi.txt'],
        ['back\\\\slash/*.md', 'back\\slash/n.md'],
        ['*.md back\\\\slash', 'back\\slash/n.md'],
        ['*.md my\\ docs', 'my docs/m.md'],
        ['`*.md` `"my docs"`', 'my docs/m.md'],
      ];
      for (const [prompt, found] of prompts) {
        const input = parseChatPrompt(prompt, true);
        const result = await glob(input, [{ name: 'ws', path: tree.root }], { ripgrepPath: await testRipgrep() });
        assert.deepEqual(result.page.map((path) => path.path), [found], prompt);
      }
    } finally {
      tree.remove();
    }
  });

  it('reads a pasted @glob prompt full of backticks that open no code span without hanging', () => {
    // Bug: a regular expression looked for a span's close from every backtick that starts a word,
    // to the prompt's end where none closes it: 16,000 " `a" took a second, 100,000 most of a
    // minute, with the extension host blocked. In a process of its own, so a hang can be stopped:
    // a hang, not a timing, the deadline tens of times what the answer takes.
    const chatPrompt = path.resolve(__dirname, '../../src/vscode/chatPrompt');
    const script = `const { parseChatPrompt } = require(${JSON.stringify(chatPrompt)}); process.stdout.write(JSON.stringify(parseChatPrompt(' \`a'.repeat(100000), true)));`;
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000, killSignal: 'SIGKILL' });
    assert.notEqual(result.signal, 'SIGKILL', 'the prompt was not read by the deadline (it hangs)');
    assert.deepEqual(JSON.parse(result.stdout), { pattern: '`a', path: '`a' });
  });

  it('tells the words of an @glob prompt past its pattern and path, which would be dropped', () => {
    assert.deepEqual(leftOverWords('*.ts src test'), ['test']);
    // Regression: as read, not as typed, 'x "y z"' showed as three words and '""' as none.
    assert.deepEqual(leftOverWords('"my file*.txt" "some dir" --include-ignored x "y z"'), ['x', '"y z"']);
    assert.deepEqual(leftOverWords('*.md docs ""'), ['""']);
    assert.deepEqual(leftOverWords('*.md docs --include-ignored'), []);
    assert.deepEqual(leftOverWords('*.md'), []);
  });
});

describe('Markdown for untrusted text', () => {
  it('links a path by its text as shown, escaped, to its file URI', () => {
    assert.equal(markdownLink('src/a/index.ts', 'file:///w/src/a/index.ts', 'Open file'), '[src/a/index\\.ts](file:///w/src/a/index.ts "Open file")');
    assert.equal(markdownLink('[x](y)', 'command:open?%5B%22%2Fw%2F(x)%20y%22%5D', 'say "hi"'), '[\\[x\\]\\(y\\)](command:open?%5B%22%2Fw%2F%28x%29%20y%22%5D "say hi")');
  });

  it('gives a file link a path no decoding changes, and shows & and $ as written', () => {
    // Found by a review: VS Code decodes a command link's arguments twice, so "report%20final.txt"
    // opened "report final.txt"; "&copy;.md" showed as "©.md" and "$x$" as math.
    for (const file of ['/w/report%20final.txt', '/w/a%41.txt', '/w/x%2Fy.txt', '/w/ü (1) "q".ts', '/w/[x](y)']) {
      const argument = fileLinkArgument(file);
      assert.match(argument, /^[\w-]+$/);
      assert.equal(fileFromLinkArgument(decodeURIComponent(decodeURIComponent(encodeURIComponent(argument)))), file);
    }
    assert.equal(fileFromLinkArgument('/w/plain.ts'), undefined);
    assert.equal(fileFromLinkArgument(42), undefined);
    assert.equal(fileFromLinkArgument(''), undefined);
    assert.equal(escapeMarkdown('&copy;.md $x$'), '\\&copy;\\.md \\$x\\$');
  });

  it('fences inline code with one backtick more than the longest run inside it', () => {
    assert.equal(inlineCode('*.ts'), '`*.ts`');
    assert.equal(inlineCode('a``b'), '```a``b```');
    assert.equal(inlineCode('`x'), '`` `x ``');
  });

  it('keeps a line break inside the code, where it would end the code and let the rest read as markdown', () => {
    // Regression: a "pattern" or "path" holding a blank line ended the code span in the tool's
    // confirmation, and what followed it was drawn as the confirmation's own words.
    const pattern = '*\n\n**This search stays inside the workspace.**';
    const code = inlineCode(pattern);
    assert.doesNotMatch(code, /[\n\r]/);
    assert.equal(code, `\`${JSON.stringify(pattern)}\``);
    assert.equal(inlineCode('a\rb'), '`"a\\rb"`');
  });

  it('takes a pattern with 200,000 runs of backticks (more than a call takes arguments)', () => {
    // Bug: the longest run was found with Math.max(...runs), which threw "Maximum call stack
    // size exceeded" while VS Code prepared the tool call's message.
    const pattern = '`a'.repeat(200_000);
    assert.equal(inlineCode(pattern), `\`\`${pattern}\`\``.replace(/^``/, '`` ').replace(/``$/, ' ``'));
  });
});

describe('locating ripgrep', () => {
  it('takes the first candidate that is an executable file, and lists every place when none is', async () => {
    const real = await testRipgrep();
    assert.equal(await locateRipgrep([{ source: 'a setting', path: undefined }, { source: 'nowhere', path: '/no/such/rg' }, { source: 'the package', path: real }]), real);
    await assert.rejects(
      locateRipgrep([{ source: 'the workspaceGlob.ripgrepPath setting', path: '/no/such/rg' }, { source: 'rg on PATH', path: undefined }, { source: 'a directory', path: __dirname }]),
      /ripgrep was not found\. Looked in: the workspaceGlob\.ripgrepPath setting \(\/no\/such\/rg\); rg on PATH; a directory \(/,
    );
  });

  it('finds the packaged binary without importing @vscode/ripgrep, and it is the one that package names', async () => {
    const named = await importedRipgrepPath();
    assert.ok(named, '@vscode/ripgrep names a binary');
    assert.equal((await packagedRipgrep()).path, named);
  });

  it('looks for a later candidate only when every earlier one is missing', async () => {
    const real = await testRipgrep();
    const asked: string[] = [];
    const lazy = (source: string, path: string | undefined) => async () => {
      asked.push(source);
      return { source, path };
    };
    assert.equal(await locateRipgrep([lazy('the package', real), lazy('rg on PATH', '/no/such/rg')]), real);
    assert.deepEqual(asked, ['the package']);
    await assert.rejects(locateRipgrep([lazy('the package', undefined), lazy('rg on PATH', '/no/such/rg')]), /Looked in: the package; rg on PATH \(\/no\/such\/rg\)\./);
    assert.deepEqual(asked, ['the package', 'the package', 'rg on PATH']);
  });
});
