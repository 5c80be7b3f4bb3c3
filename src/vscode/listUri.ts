/**
 * The one encode/decode pair for complete-list URIs (`workspace-glob-list:`). The URI's path is
 * only the tab's title (listTitle.ts), made safe here to be one path segment; the list file's
 * own path travels in the query, encoded once here and decoded once here. Kept free of the
 * `vscode` module so a plain-Node test can round-trip it.
 */

import { shortened } from './listTitle';

export const LIST_SCHEME = 'workspace-glob-list';

export interface ListUriParts {
  readonly scheme: string;
  readonly path: string;
  readonly query: string;
}

/** A title longer than this is cut: it only has to name the list on a tab. */
const MAX_TITLE_CHARACTERS = 120;

export function encodeListUri(listFile: string, title: string): ListUriParts {
  return { scheme: LIST_SCHEME, path: `/${titleSegment(title)}`, query: `file=${encodeURIComponent(listFile)}` };
}

export function decodeListUri(uri: ListUriParts): string | undefined {
  if (uri.scheme !== LIST_SCHEME || !uri.query.startsWith('file=')) {
    return undefined;
  }
  try {
    return decodeURIComponent(uri.query.slice('file='.length));
  } catch {
    return undefined;
  }
}

/** The title a list URI carries, as its tab shows it. */
export function decodeListTitle(uri: ListUriParts): string {
  return uri.path.replace(/^\//, '');
}

/**
 * `title` as one readable path segment. A tab shows the last segment of a URI's path, so a '/'
 * in a pattern ('src/**') would cut the title there: slashes become the look-alike division and
 * set-minus signs. Control and bidirectional-override characters, which would garble or reorder
 * the tab, become spaces. '#', '?' and '%' need nothing here: the URI encodes its path itself.
 */
function titleSegment(title: string): string {
  const safe = title
    .replace(/\//g, '\u2215')
    .replace(/\\/g, '\u2216')
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .trim();
  return safe === '' ? 'complete list' : shortened(safe, MAX_TITLE_CHARACTERS);
}
