import * as assert from 'node:assert/strict';
import { glob, GlobError, type WorkspaceFolder } from '../../src/core';
import { ECHO_MAX_CHARS, echoed, withLongInputShortened } from '../../src/core/longInput';
import { testRipgrep } from './helpers/ripgrep';
import { at, TempTree } from './helpers/tree';

/** A long text that is not one letter repeated, so where it was cut can be checked. */
function longText(length: number, from = 0): string {
  let text = '';
  for (let i = from; text.length < length; i += 1) {
    text += `part${i}-`;
  }
  return text.slice(0, length);
}

describe('long input, echoed short', () => {
  it('keeps the start and the end of a long input and counts what it leaves out', () => {
    const input = longText(100_000);
    const shown = echoed(input);
    assert.ok(shown.length < 400, `${shown.length} characters`);
    assert.ok(shown.startsWith(input.slice(0, 190)));
    assert.ok(shown.endsWith(input.slice(-90)));
    const marker = /…\[([\d,]+) characters left out\]…/.exec(shown);
    assert.ok(marker);
    assert.equal(Number(marker[1].replace(/,/g, '')), input.length - (shown.length - marker[0].length));
    assert.equal(echoed(input.slice(0, ECHO_MAX_CHARS)), input.slice(0, ECHO_MAX_CHARS));
    // Characters as a reader counts them: 3,000 emoji are 6,000 code units, and the count of those
    // left out was twice theirs.
    const emoji = echoed('😀'.repeat(3_000));
    const kept = [...emoji.replace(/…\[[\d,]+ characters left out\]…/, '')].length;
    assert.equal(Number(/…\[([\d,]+) characters left out\]…/.exec(emoji)?.[1].replace(/,/g, '')), 3_000 - kept);
  });

  it('finds a long input wherever a text quotes it: as written, inside another pattern, as a JSON string', () => {
    // Quotes and a backslash in the middle: JSON writes them escaped, and the cut must not fall
    // inside an escape. An astral character: the cut must not split its pair.
    const input = `${longText(1_000)}"quoted"\\${'😀'.repeat(300)}${longText(3_000, 500)}`;
    const text = `No files match ${JSON.stringify(input)}. Try "pattern": ${JSON.stringify(`**/${input}/`)}; ${input} as written.`;
    const shortened = withLongInputShortened(text, [input, undefined]);
    assert.ok(shortened.length < 1_500, `${shortened.length} characters`);
    assert.equal(shortened.match(/characters left out/g)?.length, 3);
    // Each quoted form still parses as JSON, and holds the input's start and end.
    for (const quotedForm of shortened.match(/"(?:[^"\\]|\\.)*"/g) ?? []) {
      const value = JSON.parse(quotedForm) as string;
      if (value.includes('left out')) {
        assert.ok(value.includes(input.slice(0, 150)) && value.includes(input.slice(-80)), value);
      }
    }
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(shortened), 'a surrogate pair was split');
  });

  it('keeps the start of a long input that repeats itself, where the part left out is found at its start too', () => {
    // Regression: "a\n" 50,000 times was echoed '"…[99,699 characters left out]…\na\na…"': its
    // middle was first found at its very start, and the start was left out in its place.
    const input = 'a\n'.repeat(50_000);
    const shortened = withLongInputShortened(`No files match ${JSON.stringify(input)}.`, [input]);
    assert.ok(shortened.startsWith(`No files match ${JSON.stringify(input.slice(0, 190)).slice(0, -1)}`), shortened.slice(0, 300));
    const shown = JSON.parse(/"(?:[^"\\]|\\.)*"/.exec(shortened)?.[0] ?? '""') as string;
    assert.equal(shown, echoed(input));
  });

  it('leaves out the middle of a long run of backslashes once, where it is quoted as a JSON string', () => {
    // Regression: 3,000 backslashes were echoed as 100 of them, "…[2,700 characters left out]…",
    // 100 more, the same words again and 100 more, 5,400 left out of 3,000: the input as written
    // lay inside its JSON string (each "\" written "\\"), and was found and left out there twice.
    const input = '\\'.repeat(3_000);
    const shortened = withLongInputShortened(`No files match ${JSON.stringify(input)}.`, [input]);
    const shown = JSON.parse(/"(?:[^"\\]|\\.)*"/.exec(shortened)?.[0] ?? '""') as string;
    assert.equal(shown, echoed(input));
  });

  describe('in answers, with the real ripgrep', () => {
    let tree: TempTree;
    let folders: WorkspaceFolder[];

    before(() => {
      tree = new TempTree().write({ 'src/a.ts': at('2024-01-01', 1), 'x.ts': at('2024-01-01', 2) });
      folders = [{ name: 'ws', path: tree.root }];
    });
    after(() => tree.remove());

    // Regression: a pattern of 100,000 characters that matched nothing had an answer of 300,000
    // (the empty answer quotes it three times), and a "path" of 100 KB an error of 200 KB.
    it('answers a 100,000-character pattern that matches nothing in a few thousand characters', async () => {
      const pattern = longText(100_000);
      const result = await glob({ pattern }, folders, { ripgrepPath: await testRipgrep() });
      assert.equal(result.total, 0);
      assert.equal(result.pattern, pattern, 'the result keeps the pattern whole: only the text is shortened');
      assert.ok(result.text.length < 3_000, `${result.text.length} characters`);
      assert.ok(result.text.includes(pattern.slice(0, 150)) && result.text.includes(pattern.slice(-80)));
      assert.match(result.text, /characters left out/);
    });

    // Regression: the patterns offered for a slip are the pattern rewritten, and were echoed whole,
    // as were the lists of its pieces and of its classes: 100,000 characters of "x{ab}" got an
    // answer of 180,000, of "x[/]y" 200,000, of "*.ts " 260,000.
    it('echoes short the patterns it offers for a long one, and lists a few of its pieces', async () => {
      const ripgrepPath = await testRipgrep();
      for (const [pattern, offered] of [
        ['x{ab}'.repeat(20_000), /"pattern": "[^"]*characters left out\]…[^"]*x\[\{\]ab\[\}\]"/],
        ['a\\b'.repeat(33_000), /"pattern": "[^"]*characters left out\]…[^"]*a\/ba\/b"/],
        ['x{a , b}'.repeat(12_500), /"pattern": "[^"]*characters left out\]…[^"]*x\{a,b\}"/],
        ['x[/]y'.repeat(20_000), /"\/" in "\[\/\]" matches nothing\. With the "\/" outside it: "pattern": "[^"]*characters left out\]…[^"]*x\/yx\/y"/],
        [Array.from({ length: 10_000 }, (_, i) => `*.t${i}`).join(','), /reads as 10,000 patterns \("\*\.t0", [^)]* and 9,992 more\)/],
      ] as const) {
        const result = await glob({ pattern }, folders, { ripgrepPath });
        assert.equal(result.total, 0);
        assert.ok(result.text.length < 3_000, `${result.text.length} characters for ${pattern.slice(0, 10)}`);
        assert.match(result.text, offered);
      }
    });

    it('answers a long pattern that matches, and one under the bound as it is', async () => {
      const ripgrepPath = await testRipgrep();
      const alternatives = `{${Array.from({ length: 400 }, (_, i) => `never${i}.ts`).join(',')},x.ts}`;
      assert.ok(alternatives.length > ECHO_MAX_CHARS);
      const long = await glob({ pattern: alternatives }, folders, { ripgrepPath });
      assert.deepEqual(long.page.map((path) => path.shown), ['x.ts']);
      assert.ok(long.text.length < 1_000, `${long.text.length} characters`);
      const fitting = `{${Array.from({ length: 100 }, (_, i) => `never${i}.ts`).join(',')},x.ts}`;
      assert.ok(fitting.length <= ECHO_MAX_CHARS);
      const whole = await glob({ pattern: fitting }, folders, { ripgrepPath });
      assert.ok(whole.text.includes(JSON.stringify(fitting)));
    });

    it('shows a path on the page as it is, though a long pattern names it exactly', async () => {
      // The shortening reads the whole answer: the page's path holds the pattern's middle too.
      const deep = `${Array.from({ length: 21 }, (_, i) => `${String(i).padStart(2, '0')}${'d'.repeat(98)}`).join('/')}/deep.txt`;
      assert.ok(deep.length > ECHO_MAX_CHARS);
      const deepTree = new TempTree().write({ [deep]: at('2024-01-01', 1) });
      try {
        const result = await glob({ pattern: deep }, [{ name: 'deep', path: deepTree.root }], { ripgrepPath: await testRipgrep() });
        assert.deepEqual(result.page.map((path) => path.shown), [deep]);
        assert.ok(result.text.startsWith(`<files>\n${deep}\n</files>\n`));
        assert.match(result.text.slice(result.text.indexOf('</files>')), /characters left out/);
      } finally {
        deepTree.remove();
      }
    });

    it('refuses a 100 KB "path" and a long invalid glob in a short error', async () => {
      const ripgrepPath = await testRipgrep();
      for (const input of [{ pattern: '*.ts', path: `src/${longText(100_000)}` }, { pattern: `[${longText(100_000)}` }]) {
        const error = await glob(input, folders, { ripgrepPath }).then(
          () => assert.fail('no error'),
          (thrown: unknown) => thrown,
        );
        assert.ok(error instanceof GlobError);
        assert.ok(error.message.length < 2_000, `${error.message.length} characters`);
        assert.match(error.message, /characters left out/);
      }
    });
  });
});
