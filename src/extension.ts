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
import { registerListDocument } from './vscode/listDocument';

export interface WorkspaceGlobApi {
  readonly onDidRunRipgrep: vscode.Event<RipgrepEvent>;
  readonly onDidSearch: vscode.Event<GlobResult>;
}

export function activate(context: vscode.ExtensionContext): WorkspaceGlobApi {
  const log = vscode.window.createOutputChannel('Workspace Glob', { log: true });
  const storage = context.storageUri?.scheme === 'file' ? context.storageUri : context.globalStorageUri;
  const service = new GlobService(storage, log);
  context.subscriptions.push(
    log,
    service,
    registerGlobTool(service),
    registerListDocument(service),
    registerFindFilesCommand(service),
    registerGlobParticipant(service),
  );
  return { onDidRunRipgrep: service.onDidRunRipgrep, onDidSearch: service.onDidSearch };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
