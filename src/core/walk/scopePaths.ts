/**
 * Turns a name ripgrep printed for a scope into the path shown for it and the file it is.
 */

import { joinName, showName, type RawName } from '../names';
import type { SearchScope } from '../request/request';

export function shownPath(scope: SearchScope, name: RawName): string {
  if (typeof name === 'string') {
    return showName(scope.shownPrefix + name);
  }
  return showName(Buffer.concat([Buffer.from(scope.shownPrefix), name]));
}

/** The shown path without quoting, for JSON; bytes that are not UTF-8 keep their quoted form. */
export function plainPath(scope: SearchScope, name: RawName): string {
  return typeof name === 'string' ? scope.shownPrefix + name : shownPath(scope, name);
}

export function absolutePath(scope: SearchScope, name: RawName): RawName {
  return joinName(scope.walkRoot, name);
}
