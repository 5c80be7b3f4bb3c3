/**
 * Activation only wires: each feature registers itself and returns a Disposable that lands in
 * the context's subscriptions. The returned object is the extension's API for other extensions
 * (and the host tests): events for each search and each ripgrep run.
 */

import * as vscode from 'vscode';
import type { GlobResult, RipgrepEvent } from './core';
import { registerGlobParticipant } from './vscode/chatParticipant';
import { registerFindFilesCommand } from './vscode/findFilesCommand';
import { GlobService } from './vscode/globService';
import { registerGlobTool } from './vscode/globTool';
import { LastList } from './vscode/lastList';
import { registerListCommands } from './vscode/listCommands';
import { registerListDocument } from './vscode/listDocument';

export interface WorkspaceGlobApi {
  readonly onDidRunRipgrep: vscode.Event<RipgrepEvent>;
  readonly onDidSearch: vscode.Event<GlobResult>;
}

export function activate(context: vscode.ExtensionContext): WorkspaceGlobApi {
  const log = vscode.window.createOutputChannel('Workspace Glob', { log: true });
  const inWorkspace = context.storageUri?.scheme === 'file';
  const storage = inWorkspace && context.storageUri ? context.storageUri : context.globalStorageUri;
  // The last list is remembered where the lists are: per workspace, or globally without one.
  const lastList = new LastList(inWorkspace ? context.workspaceState : context.globalState, storage.toString());
  const service = new GlobService(storage, log, lastList);
  context.subscriptions.push(
    log,
    service,
    registerGlobTool(service),
    registerListDocument(service),
    registerListCommands(service),
    registerFindFilesCommand(service),
    registerGlobParticipant(service),
  );
  return { onDidRunRipgrep: service.onDidRunRipgrep, onDidSearch: service.onDidSearch };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
