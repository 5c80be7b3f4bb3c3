/**
 * The `glob` language-model tool (SPEC §7): one file, one tool. `prepareInvocation` only reads
 * (it resolves the input to name the search root and to ask before searching outside the
 * workspace); `invoke` searches, shrinks the page when a token budget asks for it, and returns
 * the model-facing text. Errors are thrown with the engine's message, written for the model.
 */

import * as vscode from 'vscode';
import { echoed, type GlobRequest, type GlobResult } from '../core';
import type { GlobService } from './globService';
import { inlineCode } from './markdown';

export const TOOL_NAME = 'glob';

export function registerGlobTool(service: GlobService): vscode.Disposable {
  return vscode.lm.registerTool<unknown>(TOOL_NAME, new GlobTool(service));
}

class GlobTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly service: GlobService) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): Promise<vscode.PreparedToolInvocation> {
    let request: GlobRequest;
    try {
      request = await this.service.resolve(options.input);
    } catch {
      // Bad input fails in invoke, with the message the model needs; here only name the call. A
      // "path" outside the workspace that names no directory still asks: invoke's error names
      // what lies beside it there (a directory of a near name, files of that stem). The question
      // names the place as a directory, "../x" as written saying not from where.
      const raw = rawStrings(options.input);
      const invocationMessage = new vscode.MarkdownString(`Finding files with ${describeInput(raw)}`);
      const outside = raw.path !== undefined ? await this.service.placesOutside(options.input) : [];
      return outside.length > 0 ? { invocationMessage, confirmationMessages: outsideConfirmation(describePattern(raw.pattern), outside) } : { invocationMessage };
    }
    const invocationMessage = new vscode.MarkdownString(`Finding files matching ${inlineCode(echoed(request.patternAsGiven))} in ${describeRoot(request)}`);
    if (!request.outsideWorkspace) {
      return { invocationMessage };
    }
    const roots = request.scopes.filter((scope) => scope.folder === undefined).map((scope) => scope.searchRoot);
    return { invocationMessage, confirmationMessages: outsideConfirmation(inlineCode(echoed(request.patternAsGiven)), roots) };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const search = await this.service.search(options.input, token);
    let result: GlobResult;
    try {
      const budget = options.tokenizationOptions;
      // The largest page that fits the caller's token budget; the footer and the complete list
      // keep the rest. A tokenizer that fails leaves the page as it is rather than lose the search.
      const fits = budget
        ? async (text: string): Promise<boolean> => {
            try {
              return (await budget.countTokens(text, token)) <= budget.tokenBudget;
            } catch {
              return true;
            }
          }
        : undefined;
      result = await this.service.show(search, undefined, fits);
    } finally {
      search.dispose();
    }
    this.service.remember(options.input, result);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(result.text)]);
  }
}

/** The question asked before the tool looks outside every workspace folder; `pattern` is markdown. */
function outsideConfirmation(pattern: string, roots: readonly string[]): vscode.LanguageModelToolConfirmationMessages {
  return {
    title: 'List files outside the workspace?',
    message: new vscode.MarkdownString(`The glob tool wants to list files matching ${pattern} under ${roots.map(inlineCode).join(', ')}, which is outside every workspace folder.`),
  };
}

function describeRoot(request: GlobRequest): string {
  // "the workspace", "the 2 workspace folders" and, with one gone from disk, "2 of the 3
  // workspace folders" read as words; a path reads as code.
  return request.pathLabel === undefined || request.rootLabel.startsWith('the ') ? request.rootLabel : inlineCode(echoed(request.rootLabel));
}

/** The raw input's "pattern" and "path" where each is a string; read before the input is known to be valid. */
interface RawStrings {
  readonly pattern: string | undefined;
  readonly path: string | undefined;
}

function rawStrings(input: unknown): RawStrings {
  const { pattern, path } = (typeof input === 'object' && input !== null ? input : {}) as { pattern?: unknown; path?: unknown };
  return { pattern: typeof pattern === 'string' ? pattern : undefined, path: typeof path === 'string' ? path : undefined };
}

/** The raw input, for a message before it is known to be valid. */
function describeInput({ pattern, path }: RawStrings): string {
  return path !== undefined && path !== '' ? `${describePattern(pattern)} in ${inlineCode(echoed(path))}` : describePattern(pattern);
}

function describePattern(pattern: string | undefined): string {
  return pattern === undefined ? 'no valid pattern' : inlineCode(echoed(pattern));
}
