/**
 * "Glob: Find Files…" for people: asks for a pattern, runs the same search the tool runs, and
 * shows the same page in a quick pick, grouped by top-level entry, with the footer's facts in the
 * title and placeholder, the footer's cautions (a stop, directories that could not be read), an
 * item that opens the complete list, and items that look inside the largest entries
 * (nextSearches.ts). Typing finds the complete list's files too (completeListPick.ts). Picking a
 * file opens it. An empty answer is a message whose buttons run the searches it suggests.
 */

import * as vscode from 'vscode';
import { whereNotOnDisk, whyNotOnDisk, type GlobResult, type PagePath } from '../core';
import type { GlobService } from './globService';
import { offerCompleteList } from './completeListPick';
import { escapeIcons, iconsAsText } from './iconText';
import { messageText } from './messageText';
import { openList } from './listCommands';
import { resultListTitle } from './listTitle';
import { listingCut, noTimeRead, resultDistinctFiles } from '../core/page/result';
import { pathCount } from './pathCount';
import { nextSearches, type NextSearch } from './nextSearches';

interface FindFilesArguments {
  readonly pattern?: string;
  readonly path?: string;
  readonly includeIgnored?: boolean;
}

/** An item, and what picking it does: resolves with the file it opened, if any. */
type Item = vscode.QuickPickItem & { readonly open?: () => Thenable<vscode.Uri | undefined> };

export function registerFindFilesCommand(service: GlobService): vscode.Disposable {
  let lastPattern = '';
  /**
   * The stop of the search a call is waiting on, for the call after it. Its answer is the one
   * asked for: a slower search started before it showed its own pick later, over the newer one,
   * which that closed. So a newer call stops the older search, and the older shows nothing.
   */
  let searching: vscode.CancellationTokenSource | undefined;
  return vscode.commands.registerCommand('workspaceGlob.findFiles', async (args?: FindFilesArguments) => {
    const pattern =
      args?.pattern ??
      (await vscode.window.showInputBox({
        title: 'Find Files with Glob',
        prompt: '"*.ts" matches names at any depth, "src/**/*.ts" is anchored to the workspace, "src/" is everything under src',
        placeHolder: '**/*.ts',
        value: lastPattern,
        ignoreFocusOut: true,
      }));
    if (!pattern) {
      return undefined;
    }
    lastPattern = pattern;
    const input = { pattern, ...(args?.path ? { path: args.path } : {}), ...(args?.includeIgnored ? { includeIgnored: true } : {}) };
    searching?.cancel();
    const stop = new vscode.CancellationTokenSource();
    searching = stop;
    let found: { readonly result: GlobResult; readonly next: NextSearch[] } | undefined;
    try {
      found = await search(service, input, stop, () => searching !== stop);
    } finally {
      stop.dispose();
    }
    // A newer call has started: its answer is the one to show.
    if (searching !== stop) {
      return undefined;
    }
    searching = undefined;
    if (!found) {
      return undefined;
    }
    const { result, next } = found;
    if (result.total === 0) {
      // The message's buttons run the searches the empty answer suggests.
      void vscode.window.showInformationMessage(messageText(result.text), { modal: false }, ...next.map((search) => search.label)).then((chosen) => {
        const search = next.find((candidate) => candidate.label === chosen);
        return search && vscode.commands.executeCommand('workspaceGlob.findFiles', search.input);
      });
      return undefined;
    }
    return pick(service, result, next);
  });
}

/**
 * Runs the search with a progress notification whose cancel stops it, as `stop` does; undefined
 * when it failed, which a message says unless the search was stopped (by the person, or by a
 * newer search that took its place, as `replaced` says; its list is then not the last one).
 */
async function search(
  service: GlobService,
  input: FindFilesArguments & { readonly pattern: string },
  stop: vscode.CancellationTokenSource,
  replaced: () => boolean,
): Promise<{ readonly result: GlobResult; readonly next: NextSearch[] } | undefined> {
  try {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: iconsAsText(messageText(`Finding files matching "${input.pattern}"`)), cancellable: true },
      async (progress, token) => {
        const cancelled = token.onCancellationRequested(() => stop.cancel());
        try {
          return await service.find(input, stop.token, (matches) => progress.report({ message: `${matches.toLocaleString('en-US')} so far` }), replaced);
        } finally {
          cancelled.dispose();
        }
      },
    );
    return { result, next: nextSearches(result, await service.patternOf(input), input) };
  } catch (error) {
    if (!stop.token.isCancellationRequested) {
      void vscode.window.showErrorMessage(messageText((error as Error).message));
    }
    return undefined;
  }
}

/** Shows the page; resolves with the URI opened, if any. */
function pick(service: GlobService, result: GlobResult, next: readonly NextSearch[]): Promise<vscode.Uri | undefined> {
  const quickPick = vscode.window.createQuickPick<Item>();
  quickPick.title = title(result);
  quickPick.placeholder = result.sampled
    ? `A round-robin sample across top-level entries, not the oldest files. Type to filter${result.spill?.saved ? ' the complete list' : ''}.`
    : result.page.length < result.total
      ? `The oldest files, oldest first; the complete list has the rest. Type to filter${result.spill?.saved ? ' it' : ''}.`
      : 'Oldest first. Type to filter.';
  quickPick.matchOnDescription = true;
  quickPick.items = items(service, result, next);
  const completeList = offerCompleteList(quickPick, result, listedFileItem, (label) => ({ kind: vscode.QuickPickItemKind.Separator, label }));

  return new Promise((resolve) => {
    let accepted = false;
    quickPick.onDidAccept(async () => {
      accepted = true;
      const item = quickPick.selectedItems[0];
      quickPick.hide();
      resolve(await item?.open?.());
    });
    quickPick.onDidHide(() => {
      completeList.dispose();
      quickPick.dispose();
      if (!accepted) {
        resolve(undefined);
      }
    });
    quickPick.show();
  });
}

function title(result: GlobResult): string {
  // Paths, where some lead to one file: "120 files" would count those files twice.
  const total = pathCount(result.total, resultDistinctFiles(result));
  const count = result.sampled
    ? `${result.page.length} of ${total} match "${result.pattern}"`
    : result.page.length < result.total
      ? `The ${result.page.length} oldest of ${total} matching "${result.pattern}"`
      : `${total} ${result.total === 1 ? 'matches' : 'match'} "${result.pattern}", oldest first`;
  return result.complete ? count : `INCOMPLETE · ${count}`;
}

function items(service: GlobService, result: GlobResult, next: readonly NextSearch[]): Item[] {
  const items: Item[] = [];
  // First: the page holds no file of these folders, and nothing else in the pick would say why.
  for (const notOnDisk of result.foldersNotOnDisk ?? []) {
    items.push({
      label: `$(warning) Workspace folder ${escapeIcons(notOnDisk.folder.name)} is ${whyNotOnDisk(notOnDisk)}, so it was not searched`,
      detail: escapeIcons(whereNotOnDisk(notOnDisk)),
      alwaysShow: true,
    });
  }
  // The title says INCOMPLETE; these say why, and what else may be missing, as the footer does.
  // A label is cut to the pick's width: picking one shows it whole.
  for (const caution of result.cautions) {
    items.push({
      label: `$(warning) ${escapeIcons(caution)}`,
      alwaysShow: true,
      open: async () => {
        void vscode.window.showWarningMessage(messageText(caution));
        return undefined;
      },
    });
  }
  if (result.spill?.saved) {
    const { path: listFile, written } = result.spill;
    // As the footer says it: after a stop, the list holds the files found so far; cut at its size
    // bound, only its first paths; with no time read, paths in path order.
    const held = written < result.total ? `the first ${written.toLocaleString('en-US')} of ${result.total.toLocaleString('en-US')} paths` : `${result.total.toLocaleString('en-US')} paths`;
    items.push({
      label: listingCut(result) ? '$(list-flat) Open the list of the files found so far' : '$(list-flat) Open the complete list',
      description: `${held}, ${noTimeRead(result) ? 'by path' : 'oldest first'}`,
      detail: escapeIcons(listFile),
      alwaysShow: true,
      open: async () => (await openList(service, listFile, resultListTitle(result)))?.document.uri,
    });
  }
  for (const search of next) {
    items.push({
      label: `$(search) ${escapeIcons(search.label)}`,
      description: escapeIcons(search.prompt),
      alwaysShow: true,
      open: () => vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceGlob.findFiles', search.input),
    });
  }
  let entry = -1;
  for (const path of result.page) {
    if (result.sampled && path.entry !== entry) {
      entry = path.entry;
      const { label, count, onPage } = result.topLevel.entries[entry];
      items.push({ kind: vscode.QuickPickItemKind.Separator, label: `${label} · ${onPage} of ${count.toLocaleString('en-US')}` });
    }
    items.push(fileItem(path));
  }
  return items;
}

function fileItem(path: PagePath): Item {
  return listedFileItem(path.shown, path.absolutePath);
}

/** An item that opens a file, shown as the tool shows its path. */
function listedFileItem(shown: string, file: string | Buffer): Item {
  if (typeof file !== 'string') {
    return { label: escapeIcons(shown), description: 'name is not UTF-8; cannot be opened here' };
  }
  const uri = vscode.Uri.file(file);
  return {
    label: escapeIcons(shown),
    iconPath: vscode.ThemeIcon.File,
    open: async () => (await vscode.window.showTextDocument(uri, { preview: true })).document.uri,
  };
}
