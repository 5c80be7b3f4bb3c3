/**
 * Remembers the complete list saved last, in the same memento scope as the lists themselves
 * (workspace state when lists live in the workspace's storage, global state when they live in
 * the global one), so "Open Last Complete List" still knows it after a window reload. With the
 * path goes the list's title, so a list pruned since can still be named when it is asked for.
 *
 * The entry is kept under the machine the extension runs on and the directory the lists are
 * saved in: VS Code keeps extension state on the machine it was started on, shared by local and
 * remote windows (microsoft/vscode#130099), while the lists of a window without a workspace live
 * in global storage on the window's own machine; under one key, a local window recalled a remote
 * one's list and could not open it. The directory alone does not tell the machines apart: the
 * extension host of a remote sees its storage as a `file:` URI, the same one on two SSH hosts
 * with the same user and home (the case of that issue).
 *
 * Only a newer search's list takes the place of the one remembered: each search is numbered as
 * it begins, and a list saved by a search begun before the remembered one's is passed over (a
 * slow search that ends after a quick one begun later would otherwise have its list called the
 * last). Searches run at once are numbered in this window only; after a reload every search is
 * newer than any remembered before it.
 *
 * Takes the memento's two methods rather than the `vscode` type, so a plain-Node test can give
 * it a map and play a reload by reading it back through a second instance.
 */

import { hostname } from 'node:os';

export interface ListMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

export interface RememberedList {
  readonly file: string;
  readonly title: string;
}

const KEY = 'workspaceGlob.lastCompleteList';

export class LastList {
  private readonly key: string;
  /** How many searches have begun in this window. */
  private begun = 0;
  /** The number of the search whose list was remembered last in this window (0: none yet). */
  private rememberedSearch = 0;

  /** `listsDirectory`: where the lists are saved, as a URI; `machine`: the host the extension runs on. */
  constructor(
    private readonly memento: ListMemento,
    listsDirectory: string,
    machine: string = hostname(),
  ) {
    this.key = `${KEY}:${JSON.stringify(machine)}:${listsDirectory}`;
  }

  /** Numbers a search as it begins, for `remember`. */
  begin(): number {
    this.begun += 1;
    return this.begun;
  }

  /**
   * Remembers the list saved by the search `begin` numbered `search`, unless a search begun after
   * it has had its list remembered already.
   */
  remember(list: RememberedList, search: number): Thenable<void> {
    if (search < this.rememberedSearch) {
      return Promise.resolve();
    }
    this.rememberedSearch = search;
    return this.memento.update(this.key, { file: list.file, title: list.title });
  }

  /** The list remembered last, or undefined (none yet, or a stored value of another shape). */
  recall(): RememberedList | undefined {
    const value = this.memento.get<unknown>(this.key);
    if (typeof value !== 'object' || value === null) {
      return undefined;
    }
    const { file, title } = value as Partial<Record<keyof RememberedList, unknown>>;
    return typeof file === 'string' && typeof title === 'string' ? { file, title } : undefined;
  }
}
