/**
 * Pins how untrusted text is kept from being drawn as theme icons in a quick pick (iconText.ts):
 * every `$(name)` gets one backslash, one with a backslash before it too, other text is left alone.
 */

import * as assert from 'node:assert/strict';
import { escapeIcons } from '../../src/vscode/iconText';

describe('iconText: names holding "$(…)" in a quick pick', () => {
  it('escapes each icon once and leaves other text as it is', () => {
    assert.equal(escapeIcons('odd/$(OUT).o'), 'odd/\\$(OUT).o');
    assert.equal(escapeIcons('$(alert)/$(sync~spin) a.txt'), '\\$(alert)/\\$(sync~spin) a.txt');
    // A backslash before one is part of the text (a name, a pattern), not an escape: VS Code would
    // take it for one and not show it (regression: the quoted name "a\\$(b)" showed as "a\$(b)").
    assert.equal(escapeIcons('"a\\\\$(b)"'), '"a\\\\\\$(b)"');
    assert.equal(escapeIcons('not escaped \\$(alert)'), 'not escaped \\\\$(alert)');
    assert.equal(escapeIcons('$ (x) $() $(a b) price$.txt'), '$ (x) $() $(a b) price$.txt');
  });
});
