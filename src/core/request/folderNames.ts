/**
 * Names for workspace folders that no two share, and that no two start alike. VS Code names a
 * folder after its directory, so two clones of one repository, or frontend/app beside
 * backend/app, are both "app": their paths ("app/src/x.ts"), their entries and the complete
 * list's links could not tell them apart, and a "path" starting with "app" reached the first only.
 * A shared name is told apart by the folder's parent directory ("app (frontend)"), and by a
 * number where that is shared too ("app (2)").
 *
 * A workspace file may name a folder anything, "/" included, and such a name is shown as it is
 * ("client/web/src/x.ts"), and read so in "path". But beside a folder named "client", the folder
 * "client/web" showed its src/x.ts as "client/web/src/x.ts", as client's own web/src/x.ts is
 * shown, and the complete list's link of both opened the one in client/web. A name that starts
 * with another folder's name and a "/" has its "/" written "-" ("client-web/src/x.ts"): a
 * look-alike slash would be typed back as "/", and read as the other folder. So has a name with a
 * "/" first, last or doubled ("/x" showed "/x/src/a.ts", a path outside the workspace), or beside
 * a "." or "..". So has the "~" of a name "~" or "~/…" ("-/src/a.ts"): "~/src/a.ts" read as a
 * file in the home directory, and as "path" it named one; and a name that is empty, "." or "..".
 * Names are compared as they read, whatever Unicode form they are written in (asRead).
 */

import * as nodePath from 'node:path';
import type { WorkspaceFolder } from './request';
import { startsWithTilde } from './searchRoots';

export function withDistinctNames(folders: readonly WorkspaceFolder[], paths: nodePath.PlatformPath = nodePath): readonly WorkspaceFolder[] {
  // First apart from the names they start with: "client-web" may then be another folder's name
  // too. A name told apart may in turn start another ("app (x)" from a shared "app", beside a
  // folder named "app (x)/src"), so both looks are made again until neither changes a name; each
  // round that does takes every "/" out of a name, or ends with names no two share, so they end.
  let named = withoutPlaceNames(folders);
  for (;;) {
    const next = withUnsharedNames(withUnnestedNames(named), paths);
    if (next === named) {
      return named;
    }
    named = next;
  }
}

/**
 * Folders whose name a path reads as another place, with that part written "-". A "~" of a name
 * "~" or "~/…", as "path" reads a "~" (searchRoots.ts tildeRead): the home directory, where no
 * folder holds a directory named "~". And a name that is empty, "." or "..": its files showed as
 * "/f.txt" (a path outside the workspace), "./f.txt" and "../f.txt" (the parent directory's),
 * and a "path" of "." was the whole workspace.
 */
function withoutPlaceNames(folders: readonly WorkspaceFolder[]): readonly WorkspaceFolder[] {
  const readAsPlace = (folder: WorkspaceFolder): boolean => startsWithTilde(folder.name) || DOT_NAMES.has(folder.name);
  return folders.some(readAsPlace) ? folders.map((folder) => (readAsPlace(folder) ? { ...folder, name: DOT_NAMES.has(folder.name) ? '-' : `-${folder.name.slice(1)}` } : folder)) : folders;
}

/** Names a path reads as no directory or as the one it is in, or its parent. */
const DOT_NAMES = new Set(['', '.', '..']);

/**
 * A name as it reads: names written in two Unicode forms ("café" composed, and "cafe" with a
 * combining accent, as macOS writes names) are one name to the eye and to a model, which writes
 * the form it likes; the pattern and "path" read names in either form too.
 */
function asRead(name: string): string {
  return name.normalize('NFC');
}

function withUnsharedNames(folders: readonly WorkspaceFolder[], paths: nodePath.PlatformPath): readonly WorkspaceFolder[] {
  const shared = (named: readonly WorkspaceFolder[]): Set<string> => {
    const seen = new Map<string, number>();
    for (const folder of named) {
      seen.set(asRead(folder.name), (seen.get(asRead(folder.name)) ?? 0) + 1);
    }
    return new Set([...seen].filter(([, times]) => times > 1).map(([key]) => key));
  };
  const sharedNames = shared(folders);
  if (sharedNames.size === 0) {
    return folders;
  }
  // A folder at the top of the file system has no parent's name: it keeps its own, or a number.
  const byParent = folders.map((folder) => {
    const parent = paths.basename(paths.dirname(folder.path));
    return sharedNames.has(asRead(folder.name)) && parent !== '' ? { ...folder, name: `${folder.name} (${parent})`, sharedName: folder.name, toldApartBy: 'parent' as const } : folder;
  });
  const stillShared = shared(byParent);
  // A folder that kept its own name keeps it still where a name told apart came to equal it: the
  // folder named "a (b)" was shown "a (b) (1)", beside the "a" in a directory b shown "a (2)".
  // Not where another kept that name too (two at the top of the file system, with no parent's
  // name): both kept it, each round returned new names, and the looks ran forever.
  const keptByOthers = shared(byParent.filter((folder, i) => folder === folders[i]));
  const keeps = (folder: WorkspaceFolder, i: number): boolean => !stillShared.has(asRead(folder.name)) || (folder === folders[i] && !keptByOthers.has(asRead(folder.name)));
  // A number skips a name another folder has: beside a folder named "app (1)", two more "app"s
  // in directories of one name were both "app (1)" (regression).
  const taken = new Set(byParent.filter(keeps).map((folder) => asRead(folder.name)));
  const counted = new Map<string, number>();
  return byParent.map((folder, i) => {
    if (keeps(folder, i)) {
      return folder;
    }
    let number = counted.get(asRead(folder.name)) ?? 0;
    do {
      number += 1;
    } while (taken.has(asRead(`${folders[i].name} (${number})`)));
    counted.set(asRead(folder.name), number);
    const name = `${folders[i].name} (${number})`;
    taken.add(asRead(name));
    return { ...folder, name, sharedName: folders[i].name, toldApartBy: 'number' as const };
  });
}

/**
 * Folders whose name starts with another's and a "/", with each "/" of it written "-". A name so
 * written holds no "/", so it starts with no other; but another name may start with it
 * ("client-web/api" beside the "client-web" that "client/web" became), so the look is made again
 * until none does: at most once more than there are names holding "/".
 */
function withUnnestedNames(folders: readonly WorkspaceFolder[]): readonly WorkspaceFolder[] {
  let named = folders;
  for (;;) {
    const names = new Set(named.map((folder) => asRead(folder.name)));
    // A "/" first, last or doubled is written "-" too: "/x/src/a.ts" read as a path outside the
    // workspace, and as "path" it named one; "web//src" is read as "web/src", no folder's name.
    // So is one beside a "." or "..": "x/../src/a.ts" is read as "src/a.ts".
    // Only a name that holds a "/" is looked at: one written out holds none, so the looks end (an
    // empty name, which splits into one empty segment, was written out as itself, forever).
    const nested = (name: string): boolean =>
      name.includes('/') && (name.split('/').some((segment) => DOT_NAMES.has(segment)) || [...name.matchAll(/\//g)].some((slash) => names.has(asRead(name.slice(0, slash.index)))));
    if (!named.some((folder) => nested(folder.name))) {
      return named;
    }
    named = named.map((folder) => (nested(folder.name) ? { ...folder, name: folder.name.replace(/\//g, '-') } : folder));
  }
}
