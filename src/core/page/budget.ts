/**
 * A page that fits a caller's budget (a language model's token budget, in VS Code): the largest
 * page size whose text fits, found by bisection over page sizes. Each try renders the page again
 * from the finished search, which is cheap beside the search; the footer and the complete list stay
 * whole at every size, so a smaller page loses paths, never what the footer says about the rest.
 */

import type { GlobSearch } from '../glob';
import type { GlobResult } from './result';

/**
 * `first` if its text fits, else the largest smaller page that does; where none does (the footer
 * alone may be over the budget: it is kept whole), the shortest text tried. Halving the page until
 * it fitted left up to half the budget unused (626 tokens allowed, 426 used).
 *
 * Bisection takes a text to grow with the page, which it does from as many paths as there are
 * top-level entries up; below that the footer names the entries left off the page, so a page of
 * one can be longer than one of ten. So the page of one path per entry is tried first, and where
 * it fits, only larger pages are: bisecting from the middle down missed it (a page of 47 came
 * back where 61 fitted). What it returns fits all the same, since each page is tried.
 */
export async function largestPageThatFits(search: GlobSearch, first: GlobResult, fits: (text: string) => Promise<boolean>): Promise<GlobResult> {
  if (first.page.length <= 1 || (await fits(first.text))) {
    return first;
  }
  // Sizes up to `fitting` are taken to fit (0: none known), from `tooLarge` on not to.
  let fitting = 0;
  let fittingResult: GlobResult | undefined;
  let tooLarge = first.page.length;
  let shortest = first;
  const tryPage = async (size: number): Promise<void> => {
    const candidate = await search.page(size);
    if (await fits(candidate.text)) {
      fitting = size;
      fittingResult = candidate;
    } else {
      tooLarge = size;
      shortest = candidate.text.length < shortest.text.length ? candidate : shortest;
    }
  };
  const entries = first.topLevel.entries.length;
  if (entries > 1 && entries < tooLarge) {
    await tryPage(entries);
  }
  while (tooLarge - fitting > 1) {
    await tryPage(Math.floor((fitting + tooLarge) / 2));
  }
  return fittingResult ?? shortest;
}
