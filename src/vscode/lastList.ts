/**
 * Remembers the complete list saved last, in the same memento scope as the lists themselves
 * (workspace state when lists live in the workspace's storage, global state when they live in
 * the global one), so "Open Last Complete List" still knows it after a window reload. With the
 * path goes the list's title, so a list pruned since can still be named when it is asked for.
 * Takes the memento's two methods rather than the `vscode` type, so a plain-Node test can give
 * it a map and play a reload by reading it back through a second instance.
 */

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
  constructor(private readonly memento: ListMemento) {}

  remember(list: RememberedList): Thenable<void> {
    return this.memento.update(KEY, { file: list.file, title: list.title });
  }

  /** The list remembered last, or undefined (none yet, or a stored value of another shape). */
  recall(): RememberedList | undefined {
    const value = this.memento.get<unknown>(KEY);
    if (typeof value !== 'object' || value === null) {
      return undefined;
    }
    const { file, title } = value as Partial<Record<keyof RememberedList, unknown>>;
    return typeof file === 'string' && typeof title === 'string' ? { file, title } : undefined;
  }
}
