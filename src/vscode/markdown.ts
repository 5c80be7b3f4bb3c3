/** Small helpers for putting untrusted text (patterns, paths) into Markdown safely. */

/** Inline code that survives backticks and line breaks inside the text. */
export function inlineCode(raw: string): string {
  // A line break ends inline code, and a blank line its paragraph: what followed one in a "pattern"
  // or "path" was drawn as markdown, in the tool's confirmation as words of its own. Such text is
  // shown as a JSON string, as the page shows a name holding a line break (SPEC §5).
  const text = /[\n\r]/.test(raw) ? JSON.stringify(raw) : raw;
  // A loop rather than Math.max(...runs): a pattern can hold more runs than a call takes arguments.
  let longestRun = 0;
  for (const match of text.matchAll(/`+/g)) {
    longestRun = Math.max(longestRun, match[0].length);
  }
  const fence = '`'.repeat(longestRun + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * Escapes Markdown syntax so the text shows as written: also `&`, which would start an entity
 * ("&copy;.md" showed as "©.md"), and `$`, which starts math in VS Code's chat.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&$]/g, (c) => `\\${c}`);
}

/**
 * A file path as a command link's argument: base64url, which no decoding changes. VS Code (1.139)
 * decodes a command link's arguments twice, so a path written as it is opened another file
 * ("report%20final.txt" opened "report final.txt").
 */
export function fileLinkArgument(path: string): string {
  return Buffer.from(path, 'utf8').toString('base64url');
}

/** The path a command link's argument names, or undefined for anything fileLinkArgument did not make. */
export function fileFromLinkArgument(argument: unknown): string | undefined {
  return typeof argument === 'string' && /^[\w-]+$/.test(argument) ? Buffer.from(argument, 'base64url').toString('utf8') : undefined;
}

/**
 * A link whose text is `text` as written, to `target` (a URI), with `tooltip` as its title.
 * Spaces and parentheses in the target are percent-encoded: either would end the link early.
 */
export function markdownLink(text: string, target: string, tooltip: string): string {
  const href = target.replace(/[ ()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `[${escapeMarkdown(text)}](${href} ${JSON.stringify(tooltip.replace(/["\\]/g, ''))})`;
}
