import * as assert from 'node:assert/strict';
import { GlobError } from '../../src/core/errors';
import { parseGlobInput } from '../../src/core/input';

function rejects(raw: unknown, text: RegExp): void {
  assert.throws(() => parseGlobInput(raw), (error: unknown) => error instanceof GlobError && error.kind === 'invalidInput' && text.test(error.message));
}

describe('input (unit)', () => {
  it('accepts the three fields and drops empty optional ones', () => {
    assert.deepEqual(parseGlobInput({ pattern: '*.ts', path: 'src', includeIgnored: true }), { pattern: '*.ts', path: 'src', includeIgnored: true });
    assert.deepEqual(parseGlobInput({ pattern: '*', path: '', includeIgnored: false }), { pattern: '*' });
    assert.deepEqual(parseGlobInput({ pattern: '*', path: null }), { pattern: '*' });
  });

  it('tells the model what to send for wrong shapes and types', () => {
    rejects(null, /must be a JSON object, not null/);
    rejects(['*'], /not an array/);
    rejects({}, /"pattern" is required/);
    rejects({ pattern: 3 }, /"pattern" must be a string, not number 3/);
    rejects({ pattern: ['*.ts'] }, /not an array/);
    rejects({ pattern: '*', path: 7 }, /"path" must be a string/);
    rejects({ pattern: '*', includeIgnored: 'yes' }, /"includeIgnored" must be true or false/);
    rejects({ pattern: '*', maxResults: 5 }, /Unknown input field "maxResults"/);
  });

  it('rejects empty, whitespace and NUL input', () => {
    rejects({ pattern: '' }, /"pattern" is empty/);
    rejects({ pattern: '  \t' }, /"pattern" is empty/);
    rejects({ pattern: 'a\0b' }, /NUL/);
    rejects({ pattern: '*', path: 'src\0' }, /NUL/);
  });
});
