/**
 * Pins how untrusted text is kept from being read as a link in a notification (messageText.ts):
 * only a "](" that opens a target VS Code would link is broken, other text is left alone.
 */

import * as assert from 'node:assert/strict';
import { messageText } from '../../src/vscode/messageText';

describe('messageText: names shaped like links in a notification', () => {
  it('breaks each "](" before a target VS Code links, and leaves other text as it is', () => {
    assert.equal(messageText('d/[x](command:evil).txt'), 'd/[x]\u2060(command:evil).txt');
    assert.equal(messageText('[a](https://e.com) [b](FILE:///etc) [c](http://x)'), '[a]\u2060(https://e.com) [b]\u2060(FILE:///etc) [c]\u2060(http://x)');
    assert.equal(messageText('[a](b) [x](commands) (c)[d] "src/[ab](c).ts"'), '[a](b) [x](commands) (c)[d] "src/[ab](c).ts"');
  });
});
