import * as assert from 'node:assert/strict';
import { GlobError } from '../../src/core/errors';
import { parseGlobInput } from '../../src/core/request/input';

function rejects(raw: unknown, text: RegExp): void {
  assert.throws(() => parseGlobInput(raw), (error: unknown) => error instanceof GlobError && error.kind === 'invalidInput' && text.test(error.message));
}

describe('input (unit)', () => {
  it('accepts the three fields and drops empty optional ones', () => {
    assert.deepEqual(parseGlobInput({ pattern: '*.ts', path: 'src', includeIgnored: true }), { pattern: '*.ts', path: 'src', includeIgnored: true });
    assert.deepEqual(parseGlobInput({ pattern: '*', path: '', includeIgnored: false }), { pattern: '*' });
    assert.deepEqual(parseGlobInput({ pattern: '*', path: null }), { pattern: '*' });
    // A directory may be named " ": only an empty "path" is none.
    assert.deepEqual(parseGlobInput({ pattern: '*', path: ' ' }), { pattern: '*', path: ' ' });
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

  it('says what to do instead of fields other file-search tools take', () => {
    rejects({ pattern: '*', maxResults: 5 }, /Unknown input field "maxResults"\. The glob tool takes .* The page size is the person's setting \(workspaceGlob\.maxResults\)/);
    rejects({ pattern: '*', max_results: 5 }, /The page size is the person's setting/);
    rejects({ pattern: '*.ts', query: 'x', cwd: 'src' }, /Put the glob in "pattern"\. Put the directory to search in "path"\.$/);
    rejects({ pattern: '*', exclude: 'dist' }, /There is no exclude field/);
    // Advice for one field appears once, however many of its names were sent.
    assert.throws(() => parseGlobInput({ pattern: '*', limit: 1, top: 2 }), (error: Error) => error.message.split("person's setting").length === 2);
    rejects({ pattern: '*', foo: 1 }, /Unknown input field "foo"\. The glob tool takes .*\}\.$/);
  });

  it('rejects empty, whitespace and NUL input', () => {
    rejects({ pattern: '' }, /"pattern" is empty/);
    rejects({ pattern: '  \t' }, /"pattern" is empty/);
    rejects({ pattern: 'a\0b' }, /NUL/);
    rejects({ pattern: '*', path: 'src\0' }, /NUL/);
  });
});
