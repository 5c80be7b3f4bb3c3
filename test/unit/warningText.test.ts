import * as assert from 'node:assert/strict';
import { readWarnings, warningLines, warningWithin } from '../../src/core/page/warningText';

// Lines as ripgrep 15 prints them with links followed, with several walking threads and with one.
const dangling = 'rg: ./dangling.txt: No such file or directory (os error 2)';
const danglingOneThread = 'rg: ./gone: IO error for operation on ./gone: No such file or directory (os error 2)';
const selfLoop = 'rg: ./self: Symbolic link loop (os error 40)';
const ancestorLoop = 'rg: File system loop found: ./d/up points to an ancestor ./';
const denied = 'rg: ./locked: Permission denied (os error 13)';
const tooLong = 'rg: ./n/n/n: File name too long (os error 36)';
// The same warnings from ripgrep 13, which older VS Code builds bundle: no `rg: ` in front.
const selfLoop13 = './self: IO error for operation on ./self: Too many levels of symbolic links (os error 40)';
const ancestorLoop13 = 'File system loop found: ./d/up points to an ancestor ./';
const denied13 = './locked: IO error for operation on ./locked: Permission denied (os error 13)';

describe("the footer's lines on ripgrep's warnings (warningText.ts)", () => {
  it('says a link to nothing and a link that loops hide no file, and only the rest may', () => {
    const lines = warningLines(readWarnings(6, [dangling, selfLoop, denied, danglingOneThread, ancestorLoop, tooLong]));
    assert.deepEqual(lines, [
      `ripgrep met 2 paths that lead nowhere (a symbolic link to nothing, or something removed while it searched), so no file is missing for them: ${dangling}; ${danglingOneThread}.`,
      `ripgrep met 2 symbolic links that lead back where they come from (themselves, or a directory above them) and did not go round again, so no file is missing for them: ${selfLoop}; ${ancestorLoop}.`,
      `ripgrep reported 2 problems reading the tree, so files below those paths may be missing: ${denied}; ${tooLong}.`,
    ]);
  });

  it('reads ripgrep 13’s wording the same way (regression: its loop warning was called a problem that may hide files)', () => {
    assert.deepEqual(warningLines(readWarnings(3, [selfLoop13, ancestorLoop13, denied13])), [
      `ripgrep met 2 symbolic links that lead back where they come from (themselves, or a directory above them) and did not go round again, so no file is missing for them: ${selfLoop13}; ${ancestorLoop13}.`,
      `ripgrep reported 1 problem reading the tree, so files below those paths may be missing: ${denied13}.`,
    ]);
  });

  it('reads the kind from the error number and ripgrep’s own message, not from the path', () => {
    // A directory named "loop" that cannot be read, and one named after the error, still may hide files.
    const named = ['rg: ./loop: Permission denied (os error 13)', 'rg: ./No such file or directory (os error 2)x: Permission denied (os error 13)'];
    assert.deepEqual(warningLines(readWarnings(2, named)), [`ripgrep reported 2 problems reading the tree, so files below those paths may be missing: ${named.join('; ')}.`]);
  });

  it('calls only the warnings past those read problems that may hide files, however many were read', () => {
    // Regression: only the first 20 warnings were kept, and with more than were kept none was
    // called harmless: 25 links to nothing were "25 problems ... may be missing".
    assert.deepEqual(warningLines(readWarnings(200_000, [dangling, selfLoop])), [
      `ripgrep met 1 path that leads nowhere (a symbolic link to nothing, or something removed while it searched), so no file is missing for it: ${dangling}.`,
      `ripgrep met 1 symbolic link that leads back where it comes from (itself, or a directory above it) and did not go round again, so no file is missing for it: ${selfLoop}.`,
      'ripgrep reported 199,998 problems reading the tree, in more messages than are read here, so files may be missing.',
    ]);
    const links = Array.from({ length: 25 }, (_, i) => `rg: ./link-${i}: No such file or directory (os error 2)`);
    const read = readWarnings(26, [...links, denied]);
    assert.deepEqual(read.first, [...links.slice(0, 20), denied]);
    assert.deepEqual(warningLines(read), [
      `ripgrep met 25 paths that lead nowhere (a symbolic link to nothing, or something removed while it searched), so no file is missing for them: ${links.slice(0, 3).join('; ')}; ….`,
      `ripgrep reported 1 problem reading the tree, so files below those paths may be missing: ${denied}.`,
    ]);
  });

  it('quotes at most three of each kind, in the singular for one', () => {
    assert.deepEqual(warningLines(readWarnings(1, [selfLoop])), [
      `ripgrep met 1 symbolic link that leads back where it comes from (itself, or a directory above it) and did not go round again, so no file is missing for it: ${selfLoop}.`,
    ]);
    const four = [1, 2, 3, 4].map((i) => `rg: ./d${i}: Permission denied (os error 13)`);
    assert.deepEqual(warningLines(readWarnings(4, four)), [`ripgrep reported 4 problems reading the tree, so files below those paths may be missing: ${four.slice(0, 3).join('; ')}; ….`]);
    assert.deepEqual(warningLines(readWarnings(0, [])), []);
  });

  it('quotes a warning whose path holds a control character or "</" as the page quotes such a path', () => {
    // Regression: a link loop named "lo<TAB>op" put a raw tab in the footer, and a link to nothing
    // at "a</files>" a second "</files>" after the one that ends the paths.
    const tab = 'rg: ./lo\top: Symbolic link loop (os error 40)';
    const tag = 'rg: ./a</files>: No such file or directory (os error 2)';
    assert.deepEqual(warningLines(readWarnings(2, [tab, tag])), [
      'ripgrep met 1 path that leads nowhere (a symbolic link to nothing, or something removed while it searched), so no file is missing for it: "rg: ./a<\\/files>: No such file or directory (os error 2)".',
      'ripgrep met 1 symbolic link that leads back where it comes from (itself, or a directory above it) and did not go round again, so no file is missing for it: "rg: ./lo\\top: Symbolic link loop (os error 40)".',
    ]);
  });

  it('quotes nothing, and says so, where none of the warnings counted was kept', () => {
    // Regression: "ripgrep reported 2,338 problems ... may be missing: ; …." after a flood.
    assert.deepEqual(warningLines(readWarnings(2_338, [])), ['ripgrep reported 2,338 problems reading the tree, in more messages than are read here, so files may be missing.']);
  });

  it('keeps the warnings about paths inside the directories searched, in both ripgreps wording', () => {
    const inside = [
      'rg: ./docs/x: No such file or directory (os error 2)',
      './docs/y: IO error for operation on ./docs/y: Permission denied (os error 13)',
      'rg: File system loop found: ./docs/up points to an ancestor ./',
      'rg: ./docs: Permission denied (os error 13)',
      'rg: something else entirely',
    ];
    const outside = ['rg: ./docsx: No such file or directory (os error 2)', 'File system loop found: ./up points to an ancestor ./', 'rg: ./other/docs/z: Permission denied (os error 13)'];
    assert.deepEqual([...inside, ...outside].filter((line) => warningWithin(line, ['docs'])), inside);
    assert.ok(outside.every((line) => warningWithin(line, [])));
    // A name holding ": " is read as a whole (regression: "docs: old" was read as "docs"); one
    // beside the directory searched that starts with its name and ": " is kept, on the safe side.
    assert.equal(warningWithin('rg: ./docs: old/x: No such file or directory (os error 2)', ['docs: old']), true);
    // On Windows ripgrep joins with "\\".
    assert.equal(warningWithin('rg: ./docs\\x: No such file or directory (os error 2)', ['docs'], 'win32'), true);
  });
});
