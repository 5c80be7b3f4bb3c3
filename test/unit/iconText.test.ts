/**
 * Pins how untrusted text is kept from being drawn as theme icons in a quick pick (iconText.ts):
 * every `$(name)` gets one backslash, one with a backslash before it too, other text is left alone;
 * and in a progress title, a word joiner after its "$".
 */

import * as assert from 'node:assert/strict';
import { escapeIcons, iconsAsText } from '../../src/vscode/iconText';

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

  it('keeps "$(…)" in a progress title as written, where the status bar draws icons and the notification takes them out', () => {
    // Regression: "Finding files matching "$(alert)*.log"" showed an alert icon in the status bar
    // once its notification was hidden, and the notification itself read "*.log".
    const title = iconsAsText('Finding files matching "$(alert)*.log" in \\$(sync~spin)/');
    assert.equal(title, 'Finding files matching "$\u2060(alert)*.log" in \\$\u2060(sync~spin)/');
    // What VS Code 1.139 takes for an icon, to draw it or take it out (with a backslash before it too).
    assert.doesNotMatch(title, /\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/);
    // Shown, the word joiner is nothing: the text reads as written.
    assert.equal(title.replace(/\u2060/g, ''), 'Finding files matching "$(alert)*.log" in \\$(sync~spin)/');
    assert.equal(iconsAsText('price $5 (x) $() .txt'), 'price $5 (x) $() .txt');
  });
});
