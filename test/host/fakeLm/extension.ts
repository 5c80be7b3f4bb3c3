/**
 * A test-only language model (never shipped): chat needs a model before any participant can
 * answer, and agent tests need a model that calls tools on cue. Each chat request takes the next
 * turn of a script the test sets; a turn emits tool calls and/or text. Every tool result the
 * model receives is recorded for the test to read.
 */

import * as vscode from 'vscode';

export interface ScriptedTurn {
  readonly toolCalls?: ReadonlyArray<{ readonly name: string; readonly input: object }>;
  readonly text?: string;
}

export interface Transcript {
  /** Tool results the model received, as text, in order. */
  readonly toolResults: string[];
  /** Tools offered on each request. */
  readonly offeredTools: string[][];
}

export const VENDOR = 'workspace-glob-test';
export const MODEL_ID = 'scripted';

export function activate(context: vscode.ExtensionContext): void {
  let script: ScriptedTurn[] = [];
  let transcript: Transcript = { toolResults: [], offeredTools: [] };
  let callCount = 0;

  context.subscriptions.push(
    vscode.commands.registerCommand('workspaceGlobTest.setScript', (turns: ScriptedTurn[]) => {
      script = [...turns];
      transcript = { toolResults: [], offeredTools: [] };
    }),
    vscode.commands.registerCommand('workspaceGlobTest.transcript', () => transcript),
    vscode.lm.registerLanguageModelChatProvider(VENDOR, {
      provideLanguageModelChatInformation: () => [
        {
          id: MODEL_ID,
          name: 'Scripted test model',
          family: 'scripted',
          version: '1',
          maxInputTokens: 200_000,
          maxOutputTokens: 8_000,
          capabilities: { toolCalling: true },
          isUserSelectable: true,
          isDefault: true,
        } as vscode.LanguageModelChatInformation,
      ],
      provideLanguageModelChatResponse: async (_model, messages, options, progress) => {
        const last = messages[messages.length - 1];
        for (const part of last?.content ?? []) {
          if (part instanceof vscode.LanguageModelToolResultPart) {
            transcript.toolResults.push(part.content.map((inner) => (inner instanceof vscode.LanguageModelTextPart ? inner.value : '')).join(''));
          }
        }
        transcript.offeredTools.push((options.tools ?? []).map((tool) => tool.name));
        const turn = script.shift() ?? { text: 'The scripted test model has no more turns.' };
        for (const call of turn.toolCalls ?? []) {
          callCount += 1;
          progress.report(new vscode.LanguageModelToolCallPart(`call-${callCount}`, call.name, call.input));
        }
        if (turn.text) {
          progress.report(new vscode.LanguageModelTextPart(turn.text));
        }
      },
      provideTokenCount: async (_model, text) => (typeof text === 'string' ? Math.ceil(text.length / 4) : 10),
    }),
  );
}
