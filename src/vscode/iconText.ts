/**
 * Untrusted text (paths, entry names, patterns) in the parts of a quick pick that draw theme
 * icons: an item's label, description and detail. There `$(name)` is drawn as the icon of that
 * name, so a file named "$(alert) notes.txt" showed as "⚠ notes.txt" and one named "$(OUT).o" (an
 * unexpanded make variable) as ".o": a backslash before it keeps it as written. The quick pick's
 * title and a separator's label are plain text (VS Code 1.139), where the backslash would show, so
 * they take no escaping.
 *
 * A progress notification's title is both: the notification shows it with every `$(name)` taken
 * out, and once the notification is hidden the status bar shows it with each drawn as its icon
 * (VS Code 1.139), so "Finding files matching "$(alert)*.log"" read "⚠*.log" there and "*.log" in
 * the notification. A backslash would show in the notification; a word joiner between "$" and "("
 * keeps it as written in both, and shows as nothing. Free of the `vscode` module so plain-Node
 * tests can check it.
 */

import { WORD_JOINER } from './messageText';

/** VS Code's icon syntax (`$(name)`, `$(name~spin)`). */
const ICON = /\$\([a-z0-9-]+?(?:~[a-z0-9-]*?)?\)/gi;

/**
 * `text` with every `$(name)` escaped, so it shows as written where icons are drawn. One with a
 * backslash before it gets one too: the text is a name, a path or a pattern, never escaped
 * already, so that backslash is part of it (a name holding one is shown quoted, with it doubled),
 * and left alone VS Code took it for the escape and did not show it.
 */
export function escapeIcons(text: string): string {
  return text.replace(ICON, (match) => `\\${match}`);
}

/** `text` shown as written both where `$(name)` is drawn as an icon and where it is taken out (a progress title). */
export function iconsAsText(text: string): string {
  return text.replace(ICON, (match) => `$${WORD_JOINER}${match.slice(1)}`);
}
