/**
 * Untrusted text (paths, names, patterns) in a notification's message. VS Code (1.139) reads
 * "[label](target)" there as a link where the target starts with "http://", "https://",
 * "command:" or "file:", shows only the label, and runs a command link when it is clicked: a file
 * named "[x](command:….)" that an empty answer named showed as "x", and a click on it ran that
 * command. A word joiner between "]" and "(" keeps such text as written, and shows as nothing.
 * Free of the `vscode` module so plain-Node tests can check it.
 */

/** Where VS Code's notifications would start a link's target. */
const LINK_TARGET = /\]\((?=https?:\/\/|command:|file:)/gi;

/** Joins what it stands between so neither reads as a start of syntax; shows as nothing. */
export const WORD_JOINER = '\u2060';

/** `text` as a notification shows it as written, with no link in it. */
export function messageText(text: string): string {
  return text.replace(LINK_TARGET, `]${WORD_JOINER}(`);
}
