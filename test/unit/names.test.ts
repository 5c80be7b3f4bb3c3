import * as assert from 'node:assert/strict';
import { NulSeparatedNames } from '../../src/core/ripgrep/output';
import { decodeName, parseShownName, sameName, showName, type RawName } from '../../src/core/names';

describe('names (unit)', () => {
  it('shows ordinary names verbatim, spaces and Unicode included', () => {
    for (const name of ['src/a.ts', 'with space/x', 'ü/é.txt', '#hash', '<tag>', "it's", '-leading']) {
      assert.equal(showName(name, true), name);
    }
  });

  it('quotes control characters, a leading quote, a backslash on POSIX, and </', () => {
    assert.equal(showName('a\nb.txt', true), '"a\\nb.txt"');
    assert.equal(showName('tab\there', true), '"tab\\there"');
    assert.equal(showName('"quoted"', true), '"\\"quoted\\""');
    assert.equal(showName('back\\slash', true), '"back\\\\slash"');
    assert.equal(showName('a</files>b', true), '"a<\\/files>b"');
    assert.equal(showName('del\u007f', true), '"del\\u007f"');
    assert.equal(showName('line\u2028sep', true), '"line\\u2028sep"');
  });

  it('quotes what a reader cannot see: invisible and direction characters, other spaces, spaces at a segment end', () => {
    // Regression: these printed verbatim, so "notes.md " read as notes.md and a right-to-left
    // override reordered the rest of the line.
    assert.equal(showName('a\u202eb.ts', true), '"a\\u202eb.ts"');
    assert.equal(showName('zero\u200bwidth', true), '"zero\\u200bwidth"');
    assert.equal(showName('\ufeffbom.txt', true), '"\\ufeffbom.txt"');
    assert.equal(showName('soft\u00adhyphen', true), '"soft\\u00adhyphen"');
    assert.equal(showName('no\u00a0break', true), '"no\\u00a0break"');
    assert.equal(showName('notes.md ', true), '"notes.md "');
    assert.equal(showName(' lead.md', true), '" lead.md"');
    assert.equal(showName('dir /a.ts', true), '"dir /a.ts"');
    assert.equal(showName('dir/ a.ts', false), '"dir/ a.ts"');
    assert.equal(showName('with space/in the middle.txt', true), 'with space/in the middle.txt');
    // Found by a review: a tag character (how text is hidden from a language model), the braille
    // blank, a variation selector after ASCII and the combining grapheme joiner still printed as is.
    assert.equal(showName('readme\u{E0020}.md', true), '"readme\\udb40\\udc20.md"');
    assert.equal(showName('a\u2800b.md', true), '"a\\u2800b.md"');
    assert.equal(showName('x\uFE0F.md', true), '"x\\ufe0f.md"');
    assert.equal(showName('a\u034fb', true), '"a\\u034fb"');
    assert.equal(showName('readme\u200d.md', true), '"readme\\u200d.md"');
  });

  it('leaves the joiners and selectors of words and emoji alone, where they stand between other letters', () => {
    // Found by a review: a keycap, a subdivision flag and an ideograph's variant were quoted.
    const ordinary = [
      '\u2764\uFE0F.txt', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}.png', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.txt', '\u0915\u094D\u200D\u0937.txt',
      '1\uFE0F\u20E3 intro.md', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}.png', '\u845B\u{E0100}\u98FE\u533A.txt',
    ];
    for (const name of ordinary) {
      assert.equal(showName(name, true), name);
    }
    // Beside Latin, Greek or Cyrillic letters they serve nothing, and hide a difference.
    assert.equal(showName('caf\u00e9\uFE0F.md', true), '"caf\u00e9\\ufe0f.md"');
    assert.equal(showName('\u043E\u0442\u200D\u044B.txt', true), '"\u043E\u0442\\u200d\u044B.txt"');
    assert.equal(showName('a\u{E0100}.txt', true), '"a\\udb40\\udd00.txt"');
  });

  it('leaves a backslash alone where it cannot be in a name (Windows)', () => {
    assert.equal(showName('back\\slash', false), 'back\\slash');
  });

  it('shows bytes that are not UTF-8 as \\xNN inside quotes, keeping valid runs readable', () => {
    const name = Buffer.concat([Buffer.from('bad-'), Buffer.from([0xff, 0xfe]), Buffer.from('-ü\n.txt')]);
    assert.equal(showName(name, true), '"bad-\\xff\\xfe-ü\\n.txt"');
  });

  it('parses every shown form back to the exact name', () => {
    const names: RawName[] = [
      'plain.txt', 'a\nb', '"q"', 'x\\y', 'a</b', 'tab\t', 'ü\u0085', '\\x41 literal', 'rlo\u202e', 'end ', 'nb\u00a0sp', 'tag\u{E0041}', 'zwj\u200d',
      Buffer.from([0x61, 0xff, 0x5c, 0x78, 0x34, 0x31, 0x0a, 0xc3]),
      Buffer.concat([Buffer.from('</'), Buffer.from([0x80])]),
    ];
    for (const name of names) {
      const parsed = parseShownName(showName(name, true));
      if (typeof name === 'string') {
        assert.equal(parsed, name);
      } else {
        assert.ok(Buffer.isBuffer(parsed) && parsed.equals(name), showName(name, true));
      }
    }
  });

  it('keeps names that are not UTF-8 as bytes and valid ones as strings', () => {
    const bytes = Buffer.from([0x61, 0xff, 0x62]);
    const decoded = decodeName(bytes, 0, bytes.length);
    assert.ok(Buffer.isBuffer(decoded));
    assert.equal(decodeName(Buffer.from('a\uFFFDb'), 0, 5), 'a\uFFFDb');
  });

  it('tells names apart byte for byte, also names that read the same as text', () => {
    const one = Buffer.from([0x61, 0xff]);
    const other = Buffer.from([0x61, 0xfe]);
    assert.equal(one.toString('utf8'), other.toString('utf8'));
    assert.equal(sameName(one, Buffer.from(one)), true);
    assert.equal(sameName(one, other), false);
    assert.equal(sameName('a\uFFFD', one), false);
    assert.equal(sameName('ab', 'ab'), true);
  });

  it('splits NUL-separated output at any chunk boundary, newlines and multi-byte characters included', () => {
    const output = Buffer.from('a\nb\0ü/é\0last\0cut-off');
    for (let split = 0; split <= output.length; split += 1) {
      const names: RawName[] = [];
      const reader = new NulSeparatedNames((name) => names.push(name), false);
      reader.push(output.subarray(0, split));
      reader.push(output.subarray(split));
      assert.deepEqual(names, ['a\nb', 'ü/é', 'last']);
      assert.equal(reader.truncated, true);
    }
  });

  it('passes each name on with how many names were listed so far, those without the wanted suffix too', () => {
    const seen: Array<[RawName, number]> = [];
    const reader = new NulSeparatedNames((name, listed) => seen.push([name, listed]), false, Buffer.from('.ts'));
    reader.push(Buffer.from('a.ts\0b.md\0c.md\0d.ts\0'));
    reader.push(Buffer.from('e.md\0f.ts\0'));
    assert.deepEqual(seen, [
      ['a.ts', 1],
      ['d.ts', 4],
      ['f.ts', 6],
    ]);
  });

  it('passes on names whose suffix differs only in the case of ASCII letters, for the caseless advice', () => {
    const seen: RawName[] = [];
    const reader = new NulSeparatedNames((name) => seen.push(name), false, Buffer.from('a-1.Ts'));
    reader.push(Buffer.from('x/a-1.Ts\0A-1.tS\0a-1.ts\0a_1.ts\0a-2.ts\0b.md\0'));
    // '-' and '1' have no case: '_' (0x5f, '-' ^ 0x20 is 0x0d) and '2' never pass for them.
    assert.deepEqual(seen, ['x/a-1.Ts', 'A-1.tS', 'a-1.ts']);
  });

  it('turns Windows separators into slashes', () => {
    const names: RawName[] = [];
    new NulSeparatedNames((name) => names.push(name), true).push(Buffer.from('src\\a.ts\0'));
    assert.deepEqual(names, ['src/a.ts']);
  });
});
