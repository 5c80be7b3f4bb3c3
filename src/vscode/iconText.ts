/**
 * Untrusted text (paths, entry names, patterns) in the parts of a quick pick that draw theme
 * icons: an item's label, description and detail. There `$(name)` is drawn as the icon of that
 * name, so a file named "$(alert) notes.txt" showed as "⚠ notes.txt" and one named "$(OUT).o" (an
 * unexpanded make variable) as ".o": a backslash before it keeps it as written. The quick pick's
 * title and a separator's label are plain text (VS Code 1.139), where the backslash would show, so
 * they take no escaping. Free of the `vscode` module so plain-Node tests can check it.
 */

/** VS Code's icon syntax (`$(name)`, `$(name~spin)`), already escaped or not. */
const ICON = /(\\)?\$\([a-z0-9-]+?(?:~[a-z0-9-]*?)?\)/gi;

/** `text` with every `$(name)` escaped, so it shows as written where icons are drawn. */
export function escapeIcons(text: string): string {
  return text.replace(ICON, (match, escaped: string | undefined) => (escaped ? match : `\\${match}`));
}
