/**
 * The one encode/decode pair for complete-list URIs (`workspace-glob-list:`). The URI's path is
 * only a readable tab title; the list file's own path travels in the query, encoded once here
 * and decoded once here. Kept free of the `vscode` module so a plain-Node test can round-trip it.
 */

export const LIST_SCHEME = 'workspace-glob-list';

export interface ListUriParts {
  readonly scheme: string;
  readonly path: string;
  readonly query: string;
}

export function encodeListUri(listFile: string): ListUriParts {
  const name = listFile.split(/[\\/]/).pop() ?? 'list.txt';
  return { scheme: LIST_SCHEME, path: `/${name}`, query: `file=${encodeURIComponent(listFile)}` };
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
