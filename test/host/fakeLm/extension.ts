/**
 * A test-only language model (never shipped): chat needs a model before any participant can
 * answer, and agent tests need a model that calls tools on cue. Each agent request (one that
 * offers tools) takes the next turn of a script the test sets; a turn emits tool calls and/or
 * text, and a tool call's input may take values from the tool result the model just received
 * (so a script can follow the footer the way a real model would). Every tool result the model
 * receives, every request's offered tools and the user's words are recorded for the test to read.
 */

import * as vscode from 'vscode';

export interface ScriptedToolCall {
  readonly name: string;
  /** Sent as given: a test may send input that breaks the tool's schema on purpose. */
  readonly input: unknown;
  /**
   * Input fields filled from the last tool result received: field → a regular expression whose
   * first capture group is the value. No match fails the turn (the model answers with an error text).
   */
  readonly inputFromLastResult?: Readonly<Record<string, string>>;
  /** The same for number fields: the capture ("5,850") is read as a number. */
  readonly numbersFromLastResult?: Readonly<Record<string, string>>;
}

export interface ScriptedTurn {
  readonly toolCalls?: readonly ScriptedToolCall[];
  readonly text?: string;
}

export interface ReceivedToolResult {
  /** The id this model gave the call. */
  readonly callId: string;
  /** The tool this model called with that id. */
  readonly name: string;
  /** The input actually sent (after `inputFromLastResult`). */
  readonly input: unknown;
  /** The result's text parts, joined: exactly what the model read. */
  readonly text: string;
}

export interface ModelRequest {
  /** Names of the tools offered with this request. */
  readonly offeredTools: string[];
  /** Text of the last user message that is not only tool results: the prompt and what the client added to it. */
  readonly userText: string;
  /** Call ids of every tool result in the request, earlier turns' included (a client resends its history). */
  readonly toolResultIds: string[];
}

export interface Transcript {
  /** Tool results the model received, each once, in order. */
  readonly toolResults: ReceivedToolResult[];
  /** Every request that offered tools, in order. */
  readonly requests: ModelRequest[];
  /** Tools offered on each request (the same as `requests[i].offeredTools`). */
  readonly offeredTools: string[][];
  /** Requests that offered no tools (a client's side requests, such as a title); they take no turn. */
  sideRequests: number;
}

export const VENDOR = 'workspace-glob-test';
export const MODEL_ID = 'scripted';

export function activate(context: vscode.ExtensionContext): void {
  let script: ScriptedTurn[] = [];
  let transcript = emptyTranscript();
  const calls = new Map<string, { name: string; input: unknown }>();
  let callCount = 0;

  const record = (messages: readonly vscode.LanguageModelChatRequestMessage[]): void => {
    // Clients resend the whole conversation on every request; a result is recorded the first time.
    const seen = new Set(transcript.toolResults.map((result) => result.callId));
    for (const message of messages) {
      for (const part of message.content) {
        if (!(part instanceof vscode.LanguageModelToolResultPart) || seen.has(part.callId)) {
          continue;
        }
        const call = calls.get(part.callId);
        if (call) {
          seen.add(part.callId);
          transcript.toolResults.push({ callId: part.callId, name: call.name, input: call.input, text: textOf(part.content) });
        }
      }
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('workspaceGlobTest.setScript', (turns: ScriptedTurn[]) => {
      script = [...turns];
      transcript = emptyTranscript();
    }),
    vscode.commands.registerCommand('workspaceGlobTest.transcript', (): Transcript => transcript),
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
        record(messages);
        const offeredTools = (options.tools ?? []).map((tool) => tool.name);
        if (offeredTools.length === 0) {
          // Not an agent turn (for instance a chat title): answer without spending the script.
          transcript.sideRequests += 1;
          progress.report(new vscode.LanguageModelTextPart('Scripted test model'));
          return;
        }
        transcript.requests.push({ offeredTools, userText: lastUserText(messages), toolResultIds: toolResultIds(messages) });
        transcript.offeredTools.push(offeredTools);
        const turn = script.shift() ?? { text: 'The scripted test model has no more turns.' };
        const lastResult = transcript.toolResults.at(-1)?.text ?? '';
        for (const call of turn.toolCalls ?? []) {
          const input = withFieldsFrom(lastResult, call);
          if (typeof input === 'string') {
            progress.report(new vscode.LanguageModelTextPart(input));
            return;
          }
          callCount += 1;
          const callId = `call-${callCount}`;
          calls.set(callId, { name: call.name, input: input.value });
          progress.report(new vscode.LanguageModelToolCallPart(callId, call.name, input.value as object));
        }
        if (turn.text) {
          progress.report(new vscode.LanguageModelTextPart(turn.text));
        }
      },
      provideTokenCount: async (_model, text) => (typeof text === 'string' ? Math.ceil(text.length / 4) : 10),
    }),
  );
}

function emptyTranscript(): Transcript {
  return { toolResults: [], requests: [], offeredTools: [], sideRequests: 0 };
}

function textOf(parts: readonly unknown[]): string {
  // Text parts; a client may also send other parts with a string value (data parts have none).
  return parts.map((part) => {
    const value = (part as { value?: unknown } | null)?.value;
    return part instanceof vscode.LanguageModelTextPart || typeof value === 'string' ? String(value) : '';
  }).join('');
}

function toolResultIds(messages: readonly vscode.LanguageModelChatRequestMessage[]): string[] {
  return messages.flatMap((message) => message.content.filter((part) => part instanceof vscode.LanguageModelToolResultPart).map((part) => part.callId));
}

function lastUserText(messages: readonly vscode.LanguageModelChatRequestMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    const text = textOf(message.content);
    if (message.role === vscode.LanguageModelChatMessageRole.User && text.trim() !== '') {
      return text;
    }
  }
  return '';
}

/** The call's input with its `inputFromLastResult` fields filled in, or a text saying what did not match. */
function withFieldsFrom(lastResult: string, call: ScriptedToolCall): { value: unknown } | string {
  const value: Record<string, unknown> = { ...(call.input as object) };
  const fields = [
    ...Object.entries(call.inputFromLastResult ?? {}).map(([field, source]) => ({ field, source, read: (text: string): unknown => text })),
    ...Object.entries(call.numbersFromLastResult ?? {}).map(([field, source]) => ({ field, source, read: (text: string): unknown => Number(text.replace(/,/g, '')) })),
  ];
  if (fields.length === 0) {
    return { value: call.input };
  }
  for (const { field, source, read } of fields) {
    const match = new RegExp(source).exec(lastResult);
    if (!match) {
      return `The scripted test model found no ${field} (/${source}/) in the last tool result.`;
    }
    value[field] = read(match[1]);
  }
  return { value };
}
