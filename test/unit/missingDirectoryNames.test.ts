import * as assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { glob, VSCODE_DEFAULT_RULES, type GlobResult } from '../../src/core';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

async function search(tree: TempTree, pattern: string): Promise<GlobResult> {
  return glob({ pattern }, [{ name: 'ws', path: tree.root }], { ripgrepPath: await testRipgrep(), emptyProbeMs: 60_000, rules: VSCODE_DEFAULT_RULES });
}

describe('the directories named beside a missing one', () => {
  let tree: TempTree;
  beforeEach(() => {
    tree = new TempTree();
  });
  afterEach(() => {
    tree.remove();
  });

  it('shows a directory name that is not UTF-8 escaped, as the page shows it, not with U+FFFD', async () => {
    // Regression: the names were read from the directory as text, so "bad\xff" read as "bad\uFFFD":
    // the answer named "bad\uFFFD/", a directory that does not exist, where every path of the page
    // and the answer shows "bad\xff"; a link with such a name was taken for one to nothing.
    const bad = Buffer.concat([Buffer.from(`${tree.root}/bad`), Buffer.from([0xff])]);
    mkdirSync(bad);
    writeFileSync(Buffer.concat([bad, Buffer.from('/a.txt')]), 'x');
    mkdirSync(tree.path('good'));
    writeFileSync(tree.path('good/b.txt'), 'x');
    symlinkSync('good', Buffer.concat([Buffer.from(`${tree.root}/link`), Buffer.from([0xfe])]));
    const result = await search(tree, 'lib/*');
    assert.match(result.text, /^- "lib\/" does not exist in the workspace\. The directories at the top are "bad\\xff\/", "good\/", "link\\xfe\/"\.$/m);
    assert.doesNotMatch(result.text, /\uFFFD/);
  });
});
