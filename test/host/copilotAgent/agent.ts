/**
 * Drives Copilot's own agent mode (the built-in GitHub Copilot Chat of the host) offline with the
 * scripted test model: enabling Copilot without a sign-in, sending an agent request, and reading
 * what the model received. The recipe is measured on VS Code 1.139.1 with Copilot Chat 0.67.0.
 */

import * as vscode from 'vscode';
import { MODEL_ID, VENDOR, type ScriptedTurn, type Transcript } from '../fakeLm/extension';
import { waitFor } from '../hostHelpers';

export const COPILOT_CHAT = 'GitHub.copilot-chat';
/** The participant id of Copilot's agent; a placeholder (the sign-in setup agent) has another. */
export const COPILOT_AGENT_ID = 'github.copilot.editsAgent';
const MODEL = { vendor: VENDOR, id: MODEL_ID };

/**
 * What `workbench.action.chat.open` returns with `blockOnResponse`: the response's result once it
 * is complete, or, as soon as a tool waits for the person's confirmation, only which tool waits.
 */
export interface AgentResponse {
  readonly errorDetails?: { readonly message: string };
  readonly metadata?: { readonly agentId?: string } & Record<string, unknown>;
  readonly type?: 'confirmation';
  readonly kind?: string;
  readonly toolId?: string;
}

/**
 * On a fresh profile the workbench keeps the built-in Copilot disabled until chat setup is done,
 * and a prompt then meets the sign-in agent. "Manage Language Models" (the bring-your-own-model
 * entry point) enables and starts Copilot; Copilot turns its agents on once a model that is not
 * Copilot's exists (ours). Sending before its conversation feature is up brings the sign-in back.
 */
export async function enableCopilotAgent(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.chat.manage');
  await waitFor('Copilot Chat to be active', () => (vscode.extensions.getExtension(COPILOT_CHAT)?.isActive ? true : undefined), 90_000);
  await waitFor(
    "Copilot's conversation feature (its commands)",
    async () => ((await vscode.commands.getCommands(true)).includes('github.copilot.chat.compact') ? true : undefined),
    90_000,
  );
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/**
 * Sets the model's script, opens a new chat and sends `query` in agent mode; resolves when the
 * response is complete, or when a tool waits for confirmation (see AgentResponse).
 */
export async function askAgent(query: string, script: readonly ScriptedTurn[]): Promise<AgentResponse> {
  await vscode.commands.executeCommand('workspaceGlobTest.setScript', script);
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  return send(query);
}

/** Sends `query` in agent mode in the current chat, after what was said there before. */
export async function send(query: string): Promise<AgentResponse> {
  return (await vscode.commands.executeCommand('workbench.action.chat.open', {
    query,
    mode: 'agent',
    modelSelector: MODEL,
    blockOnResponse: true,
  })) as AgentResponse;
}

export async function transcript(): Promise<Transcript> {
  return (await vscode.commands.executeCommand('workspaceGlobTest.transcript')) as Transcript;
}
