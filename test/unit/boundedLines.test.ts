import * as assert from 'node:assert/strict';
import { BoundedLines } from '../../src/core/ripgrep/boundedLines';

describe('ripgrep\'s stderr as lines (ripgrep/boundedLines.ts)', () => {
  it('a character split between two chunks is read whole', () => {
    // Regression: each chunk was decoded alone, so "é" (0xc3 0xa9) split between two chunks was
    // quoted in the warning as "caf��".
    const bytes = Buffer.from('rg: ./café: Permission denied (os error 13)\n');
    const split = bytes.indexOf(0xa9);
    const stderr = new BoundedLines(64 * 1024);
    stderr.push(bytes.subarray(0, split));
    stderr.push(bytes.subarray(split));
    assert.deepEqual(stderr.lines(), ['rg: ./café: Permission denied (os error 13)']);
    assert.equal(stderr.lineCount(), 1);
  });

  it('the limit counts bytes, and the line it cuts is left out', () => {
    const stderr = new BoundedLines(12);
    stderr.push(Buffer.from('rg: ./é\nrg: ./ü: x\n'));
    assert.deepEqual(stderr.lines(), ['rg: ./é']);
    assert.equal(stderr.lineCount(), 2);
  });
});
