import * as assert from 'node:assert/strict';
import { NameCounter, NameCounterByEntry } from '../../src/core/emptyAnswer/foundNames';

describe('names counted by top-level entry (foundNames.ts), for the files an empty answer points to', () => {
  it('gives the first name of each entry as examples, then the first names met, and the entries the most first', () => {
    const counter = new NameCounterByEntry();
    // As ripgrep lists them: one directory to its end before the next.
    for (const name of ['node_modules/a.d.ts', 'node_modules/b.d.ts', 'node_modules/c.d.ts', 'node_modules/d.d.ts', 'dist/x.d.ts', 'dist/y.d.ts', 'types.d.ts']) {
      counter.add(0, name, name.includes('/') ? `${name.slice(0, name.indexOf('/'))}/` : name);
    }
    assert.equal(counter.count, 7);
    assert.deepEqual(
      counter.examples().map(({ name }) => name),
      ['node_modules/a.d.ts', 'dist/x.d.ts', 'types.d.ts'],
    );
    assert.deepEqual(counter.entries(), [
      { label: 'node_modules/', count: 4 },
      { label: 'dist/', count: 2 },
      { label: 'types.d.ts', count: 1 },
    ]);
    // Fewer entries than examples: the rest are the shallowest names met (here the first), each once.
    const two = new NameCounterByEntry();
    for (const name of ['src/a.ts', 'src/b.ts', 'lib/c.ts']) {
      two.add(1, name, `${name.slice(0, name.indexOf('/'))}/`);
    }
    assert.deepEqual(
      two.examples().map(({ scope, name }) => `${scope}:${String(name)}`),
      ['1:src/a.ts', '1:lib/c.ts', '1:src/b.ts'],
    );
  });

  it('gives the shallowest name of each entry as its example, the first met among equals', () => {
    // Regression: the first name met stood for its entry, often deep inside it.
    const counter = new NameCounterByEntry();
    for (const name of ['dist/esm/internal/x.d.ts', 'dist/esm/y.d.ts', 'dist/index.d.ts', 'dist/other.d.ts', 'node_modules/a/b/c.d.ts', 'node_modules/a/d.d.ts']) {
      counter.add(0, name, `${name.slice(0, name.indexOf('/'))}/`);
    }
    assert.deepEqual(
      counter.examples().map(({ name }) => name),
      ['dist/index.d.ts', 'node_modules/a/d.d.ts', 'dist/other.d.ts'],
    );
  });

  it('keeps the names in the fewest directories as examples, the first met among equals', () => {
    // Regression: "README" was answered with three test fixtures' README.md, met first, and not
    // the project's own at the root.
    const counter = new NameCounter();
    const names = ['pkg/fixtures/x/README.md', 'pkg/README.md', 'a/b/c/d/README.md', 'README.md', 'docs/README.md', 'other/README.md', Buffer.from('top\xff.md', 'latin1')];
    for (const name of names) {
      counter.add(0, name);
    }
    assert.equal(counter.count, names.length);
    assert.deepEqual(counter.first.map(({ name }) => (typeof name === 'string' ? name : name.toString('latin1'))), ['README.md', 'top\xff.md', 'pkg/README.md']);
  });
});
