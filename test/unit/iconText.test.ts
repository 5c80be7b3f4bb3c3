/**
 * Pins how untrusted text is kept from being drawn as theme icons in a quick pick (iconText.ts):
 * every `$(name)` gets one backslash, an already escaped one none, other text is left alone.
 */

import * as assert from 'node:assert/strict';
import { escapeIcons } from '../../src/vscode/iconText';

describe('iconText: names holding "$(…)" in a quick pick', () => {
  it('escapes each icon once and leaves other text as it is', () => {
    assert.equal(escapeIcons('odd/$(OUT).o'), 'odd/\\$(OUT).o');
    assert.equal(escapeIcons('$(alert)/$(sync~spin) a.txt'), '\\$(alert)/\\$(sync~spin) a.txt');
    assert.equal(escapeIcons('already \\$(alert)'), 'already \\$(alert)');
    assert.equal(escapeIcons('$ (x) $() $(a b) price$.txt'), '$ (x) $() $(a b) price$.txt');
  });
});
