import * as assert from 'node:assert/strict';
import { largestPageThatFits } from '../../src/core/page/budget';
import { resolveRequest, searchGlob, type GlobSearch } from '../../src/core';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

describe('the largest page that fits a budget (budget.ts), with the real ripgrep', () => {
  let tree: TempTree;
  let search: GlobSearch;

  before(async () => {
    tree = new TempTree();
    for (let i = 0; i < 120; i += 1) {
      tree.write({ [`e${i % 7}/file-${i}.txt`]: i + 1 });
    }
    const request = await resolveRequest({ pattern: '*.txt' }, { folders: [{ name: 'ws', path: tree.root }] });
    search = await searchGlob(request, { ripgrepPath: await testRipgrep(), spillDirectory: tree.path('.lists') });
  });
  after(() => {
    search.dispose();
    tree.remove();
  });

  it('gives the largest page whose text fits, not half of one that did not', async () => {
    const first = await search.page(100);
    // Budgets for pages of at least as many paths as entries (7), where a text grows with its page.
    for (const budget of [first.text.length - 1, Math.floor(first.text.length * 0.8), (await search.page(40)).text.length + 10]) {
      const tries: number[] = [];
      const fits = async (text: string): Promise<boolean> => {
        tries.push(text.length);
        return text.length <= budget;
      };
      const fitted = await largestPageThatFits(search, first, fits);
      assert.ok(fitted.text.length <= budget, `${fitted.text.length} over ${budget}`);
      // One path more would not fit: no budget is left unused that a path could take.
      assert.ok((await search.page(fitted.page.length + 1)).text.length > budget, `page of ${fitted.page.length} for ${budget}`);
      // Bisection: a few tries, not one per size.
      assert.ok(tries.length <= 9, `${tries.length} tries`);
      // The footer stays whole: the same total and the same complete list at every size.
      assert.equal(fitted.total, 120);
      assert.equal(fitted.spill?.saved && fitted.spill.path, first.spill?.saved && first.spill.path);
    }
  });

  it('keeps a page that fits, and gives the shortest text tried where none fits', async () => {
    const first = await search.page(100);
    assert.equal(await largestPageThatFits(search, first, async () => true), first);
    // Below 7 paths the footer names the entries left off, so the smallest page is not the
    // shortest text: what comes back is the shortest of those tried.
    const tried: string[] = [];
    const none = await largestPageThatFits(search, first, async (text) => {
      tried.push(text);
      return false;
    });
    assert.equal(none.text.length, Math.min(...tried.map((text) => text.length)));
    assert.ok(tried.length > 1 && none.text.length < first.text.length);
    assert.equal(none.total, 120);
  });

  it('finds the largest fitting page from one path per entry up, which bisection from the middle missed', async () => {
    // Regression: the first try, a page of 50, named the 10 entries left off and did not fit, so
    // a page under 50 came back where one of 61 fitted. 60 entries with long names and short
    // file names: a page that leaves entries off names them, which takes more room than paths.
    const wide = new TempTree();
    for (let i = 0; i < 240; i += 1) {
      wide.write({ [`${'an-entry-with-a-very-long-name-'.repeat(3)}${i % 60}/f${i}`]: i + 1 });
    }
    const request = await resolveRequest({ pattern: 'an-*/*' }, { folders: [{ name: 'ws', path: wide.root }] });
    const wideSearch = await searchGlob(request, { ripgrepPath: await testRipgrep(), spillDirectory: wide.path('.lists') });
    try {
      const first = await wideSearch.page(100);
      const budget = (await wideSearch.page(61)).text.length;
      assert.ok((await wideSearch.page(50)).text.length > budget, 'the page of 50 is over the budget: the case to test');
      const fitted = await largestPageThatFits(wideSearch, first, async (text) => text.length <= budget);
      assert.equal(fitted.page.length, 61);
    } finally {
      wideSearch.dispose();
      wide.remove();
    }
  });
});
