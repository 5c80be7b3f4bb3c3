/**
 * Runs searches for everything in the extension that needs one (the tool, the quick pick, the
 * chat participant): it turns VS Code's workspace folders, settings and cancellation into the
 * engine's plain inputs, logs every ripgrep run, and remembers the last complete list saved
 * (lastList.ts, which keeps it across window reloads).
 */

import * as path from 'node:path';
import * as vscode from 'vscode';
import { resolveRequest, type GlobRequest, type GlobResult, type RipgrepEvent, type WorkspaceFolder } from '../core';
import { pathPlacesOutside } from '../core/request/request';
import type { PatternShape } from '../core/page/lookInside';
import { largestPageThatFits } from '../core/page/budget';
import type { GlobSearch } from '../core/glob';
import { searchGlobInWorker } from '../core/worker/workerSearch';
import type { LastList, RememberedList } from './lastList';
import { resultListTitle } from './listTitle';
import { messageText } from './messageText';
import { findRipgrep } from './ripgrepLocation';
import { readToolSettings, searchRulesFor } from './settings';

/** Enough for a few chat requests in flight at once. */
const RECENT_RESULTS = 16;

/** What the log says an empty answer's extra walks are for (countingWalk.ts). */
const WALK_PURPOSES: Record<NonNullable<RipgrepEvent['purpose']>, string> = {
  countIgnored: ', counting the ignored files an empty answer would add',
  countNear: ', counting the files near patterns match for an empty answer',
  findSearchedDirectories: ', finding which directories beside a missing one are searched, for an empty answer',
  checkNestedFolder: ", finding which files listed under a folder nested in another that folder's settings show",
};

export class GlobService implements vscode.Disposable {
  private readonly ripgrepStarted = new vscode.EventEmitter<RipgrepEvent>();
  private readonly searched = new vscode.EventEmitter<GlobResult>();
  /** Recent results by input, so the chat participant can render what the tool just found. */
  private readonly recent = new Map<string, GlobResult>();
  /**
   * The stops of the searches still walking. Without them a search that outlived the service (the
   * extension disabled, updated or its host shutting down) kept its ripgrep running for no one.
   */
  private readonly walking = new Set<AbortController>();
  /** Set by dispose: a search that was still finding ripgrep or its folders then is stopped as it starts. */
  private disposed = false;
  /** Each search's number from lastList.ts, taken as it began, so an older list never takes a newer one's place. */
  private readonly searchNumbers = new WeakMap<GlobSearch, number>();

  /** Fires when a search starts ripgrep (with its process id) and when ripgrep ends. */
  readonly onDidRunRipgrep = this.ripgrepStarted.event;
  /** Fires with every result shown, after the complete list (if any) is saved. */
  readonly onDidSearch = this.searched.event;

  constructor(
    private readonly storage: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly last: LastList,
  ) {}

  /** The workspace folders the engine can search (virtual file systems have no files on disk). */
  folders(): WorkspaceFolder[] {
    return (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => folder.uri.scheme === 'file')
      .map((folder) => ({ name: folder.name, path: folder.uri.fsPath }));
  }

  /** Validates input without running ripgrep, for messages before a search. */
  resolve(input: unknown): Promise<GlobRequest> {
    return resolveRequest(input, { folders: this.folders() });
  }

  /** The places outside every workspace folder that `input`'s "path" names, even ones that do not exist. */
  placesOutside(input: unknown): Promise<string[]> {
    return pathPlacesOutside(input, { folders: this.folders() });
  }

  /**
   * The pattern as a search of `input` matched it, for the searches to offer next
   * (nextSearches.ts); undefined when the input no longer resolves (its "path" just went away).
   */
  patternOf(input: unknown): Promise<PatternShape | undefined> {
    return this.resolve(input).then(
      (request) => request.pattern,
      () => undefined,
    );
  }

  /**
   * Runs a search on a thread of its own, so the extension host never waits on it. The returned
   * search can be shown at any page size; dispose it when done, which frees the thread.
   */
  async search(input: unknown, token?: vscode.CancellationToken, onProgress?: (matches: number) => void): Promise<GlobSearch> {
    const number = this.last.begin();
    try {
      const search = await this.searchOnThread(input, token, onProgress);
      this.searchNumbers.set(search, number);
      return search;
    } catch (error) {
      // The model gets the message; the log keeps it too, for whoever asks why a call failed.
      this.log.warn(`glob ${loggedInput(input)} failed: ${(error as Error).message}`);
      throw error;
    }
  }

  private async searchOnThread(input: unknown, token?: vscode.CancellationToken, onProgress?: (matches: number) => void): Promise<GlobSearch> {
    const settings = readToolSettings();
    const ripgrepPath = await findRipgrep(settings.ripgrepPath, (message) => {
      this.log.warn(message);
      void vscode.window.showWarningMessage(messageText(message));
    });
    const request = await resolveRequest(input, { folders: this.folders(), ripgrepPath });
    const controller = new AbortController();
    this.walking.add(controller);
    if (this.disposed) {
      controller.abort();
    }
    const cancellation = token?.onCancellationRequested(() => controller.abort());
    if (token?.isCancellationRequested) {
      controller.abort();
    }
    this.log.info(`glob ${loggedInput(input)} → ${request.scopes.length} walk(s)`);
    try {
      return await searchGlobInWorker(request, {
        ripgrepPath,
        timeoutMs: settings.timeoutMs,
        signal: controller.signal,
        rules: searchRulesFor,
        spillDirectory: path.join(this.storage.fsPath, 'lists'),
        spillLimits: settings.spillLimits,
        onRipgrep: (event) => this.logRipgrep(event),
        onProgress,
      });
    } finally {
      this.walking.delete(controller);
      cancellation?.dispose();
    }
  }

  /** Searches and shows one page, for callers that need only one; `replaced` as `show` takes it. */
  async find(input: unknown, token?: vscode.CancellationToken, onProgress?: (matches: number) => void, replaced?: () => boolean): Promise<GlobResult> {
    const search = await this.search(input, token, onProgress);
    try {
      return await this.show(search, undefined, undefined, replaced);
    } finally {
      search.dispose();
    }
  }

  /**
   * Shows a search at the configured page size, or the largest smaller page whose text `fits`
   * (budget.ts), and records it once: its complete list, a log line, the event. `replaced` says
   * whether a newer search has taken this one's place (a newer "Find Files" stops the one before
   * it): its list, which no one is shown, is then not the last one.
   */
  async show(search: GlobSearch, maxResults = readToolSettings().maxResults, fits?: (text: string) => Promise<boolean>, replaced?: () => boolean): Promise<GlobResult> {
    const first = await search.page(maxResults);
    const result = fits ? await largestPageThatFits(search, first, fits) : first;
    if (result.spill?.saved) {
      if (!replaced?.()) {
        // Not awaited: a memento write that fails costs only "Open Last Complete List" its target.
        void this.last.remember({ file: result.spill.path, title: resultListTitle(result) }, this.searchNumbers.get(search) ?? 0);
      }
    } else if (result.spill) {
      this.log.warn(`complete list not saved: ${result.spill.reason}`);
    }
    this.log.info(`${result.total} matches, ${result.page.length} shown${result.sampled ? ' (sampled)' : ''}${result.complete ? '' : `, INCOMPLETE (${result.incompleteBecause})`} in ${result.elapsedMs} ms`);
    this.searched.fire(result);
    return result;
  }

  /** Keeps a result under its input for `recall`; only the last few are kept. */
  remember(input: unknown, result: GlobResult): void {
    const key = JSON.stringify(input);
    this.recent.delete(key);
    this.recent.set(key, result);
    for (const oldest of this.recent.keys()) {
      if (this.recent.size <= RECENT_RESULTS) {
        break;
      }
      this.recent.delete(oldest);
    }
  }

  recall(input: unknown): GlobResult | undefined {
    return this.recent.get(JSON.stringify(input));
  }

  /** The complete list saved last, in this window or before its last reload. */
  get lastList(): RememberedList | undefined {
    return this.last.recall();
  }

  /** Where complete lists live; the list document reads nothing outside it. */
  get listsDirectory(): string {
    return path.join(this.storage.fsPath, 'lists');
  }

  private logRipgrep(event: RipgrepEvent): void {
    const purpose = event.purpose ? WALK_PURPOSES[event.purpose] : '';
    if (event.phase === 'start') {
      this.log.info(`ripgrep started (pid ${event.pid}${purpose}) in ${event.cwd}: ${event.command.map((arg) => JSON.stringify(arg)).join(' ')}`);
    } else {
      this.log.info(`ripgrep ended (pid ${event.pid}, exit ${event.exitCode}${purpose}) after ${event.elapsedMs} ms: ${event.listed} listed, ${event.matched} matched`);
    }
    this.ripgrepStarted.fire(event);
  }

  dispose(): void {
    this.disposed = true;
    // Each stops as a cancellation does: ripgrep's process group is killed, the caller gets what was found.
    for (const controller of this.walking) {
      controller.abort();
    }
    this.walking.clear();
    this.ripgrepStarted.dispose();
    this.searched.dispose();
  }
}

/** Input as logged: whole, unless it is very long (a 200 KB pattern made one line of 200 KB). */
const LOGGED_INPUT_CHARACTERS = 1_000;

function loggedInput(input: unknown): string {
  const text = JSON.stringify(input) ?? String(input);
  return text.length > LOGGED_INPUT_CHARACTERS ? `${text.slice(0, LOGGED_INPUT_CHARACTERS)}… (${text.length.toLocaleString('en-US')} characters)` : text;
}
