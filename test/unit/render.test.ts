/** Numbers in the model's text: grouped as en-US writes them, without loading Intl at start-up. */

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { number } from '../../src/core/words';

describe('numbers in the text', () => {
  it('groups thousands exactly as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 100_000, 2_000_000, 1_234_567_890, -1, -1000]) {
      assert.equal(number(value), value.toLocaleString('en-US'), String(value));
    }
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        assert.equal(number(value), value.toLocaleString('en-US'));
      }),
      { seed: 2026, numRuns: 500 },
    );
  });
});
