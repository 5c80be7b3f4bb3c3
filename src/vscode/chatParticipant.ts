/**
 * The `@glob` chat participant: `@glob PATTERN [PATH] [--include-ignored]`. It runs the search
 * through the `glob` tool, so the chat shows the tool's row with its invocation message (and its
 * confirmation, for a path outside the workspace), then renders the same page for people: links
 * that open each file, grouped by top-level entry, the footer, a button that opens the complete
 * list, and the searches the footer suggests as follow-ups to click (nextSearches.ts).
 */

import * as vscode from 'vscode';
import type { GlobResult } from '../core';
import { leftOverWords, parseChatPrompt } from './chatPrompt';
import type { GlobService } from './globService';
import { TOOL_NAME } from './globTool';
import { resultListTitle } from './listTitle';
import { escapeMarkdown, fileFromLinkArgument, fileLinkArgument, inlineCode, markdownLink } from './markdown';
import { chatFollowup, nextSearches, type NextSearch } from './nextSearches';

export const PARTICIPANT_ID = 'workspace-glob.glob';
/** Opens the file a link in an answer names; not in the palette, as it takes a path. */
const OPEN_FILE_COMMAND = 'workspaceGlob.openFoundFile';

export function registerGlobParticipant(service: GlobService): vscode.Disposable {
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, (request, _context, stream, token) =>
    answer(service, request, stream, token),
  );
  participant.iconPath = new vscode.ThemeIcon('search');
  participant.followupProvider = {
    provideFollowups: (result: vscode.ChatResult) =>
      ((result.metadata as { followups?: NextSearch[] } | undefined)?.followups ?? []).map(chatFollowup),
  };
  // vscode.open from here, in the extension host: the file's URI crosses to the window as a URI,
  // so a remote window maps it to its remote file, which a file: link in the markdown missed.
  const openFile = vscode.commands.registerCommand(OPEN_FILE_COMMAND, (argument: unknown) => {
    const file = fileFromLinkArgument(argument);
    return file === undefined ? undefined : vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
  });
  return vscode.Disposable.from(participant, openFile);
}

async function answer(
  service: GlobService,
  request: vscode.ChatRequest,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const input = parseChatPrompt(request.prompt);
  if (!input) {
    stream.markdown('Give a glob, for example `@glob src/**/*.ts`, `@glob *.md docs` or `@glob * --include-ignored`.');
    return {};
  }
  const leftOver = leftOverWords(request.prompt);
  if (leftOver.length > 0) {
    // Searched without them, the answer would cover less than was asked, and say so only by its root.
    stream.markdown(
      `Not searched: \`@glob\` takes one pattern and at most one path, and ${inlineCode(leftOver.join(' '))} is left over. Put a part with spaces in double quotes (\`@glob * "my docs"\`), and join several patterns with braces (\`@glob {src,test}/**/*.ts\`).`,
    );
    return {};
  }
  try {
    await vscode.lm.invokeTool(TOOL_NAME, { input, toolInvocationToken: request.toolInvocationToken }, token);
  } catch (error) {
    // Declining the confirmation (or stopping the request) cancels the tool call.
    if (token.isCancellationRequested || error instanceof vscode.CancellationError || (error as Error).name === 'Canceled') {
      stream.markdown('Not searched: the search was declined or cancelled.');
      return {};
    }
    // Once, in the error box, which renders markdown: unescaped, "[*]" lost its star.
    return { errorDetails: { message: escapeMarkdown((error as Error).message) } };
  }
  const result = service.recall(input);
  if (!result) {
    return {};
  }
  render(result, stream);
  const followups = nextSearches(result, await service.patternOf(input), input);
  return { metadata: { total: result.total, sampled: result.sampled, shown: result.page.length, followups } };
}

function render(result: GlobResult, stream: vscode.ChatResponseStream): void {
  const footer = result.text.includes('</files>') ? result.text.slice(result.text.indexOf('</files>') + '</files>'.length).trim() : result.text;
  if (result.total === 0) {
    stream.markdown(escapeMarkdown(footer));
    return;
  }
  // One paragraph per top-level entry: its name and counts, then a link to each of its files.
  // All in one markdown part: parts that differ in trust are not joined, and each would be a
  // paragraph of its own, one file to a line.
  let page = '';
  let entry = -1;
  for (const path of result.page) {
    if (path.entry !== entry && (result.sampled || entry === -1)) {
      entry = path.entry;
      const { label, count, onPage } = result.topLevel.entries[entry];
      page += result.sampled ? `\n\n**${escapeMarkdown(label)}** · ${onPage} of ${count.toLocaleString('en-US')}: ` : '\n\n';
    }
    // A link, not stream.anchor: VS Code (1.139) draws an anchor to a file by its base name and
    // drops the title given with it, so 'src/a/index.ts' and 'test/b/index.ts' read the same.
    // The link shows the path as the tool shows it and opens the file through a command.
    page += typeof path.absolutePath === 'string'
      ? markdownLink(path.shown, `command:${OPEN_FILE_COMMAND}?${encodeURIComponent(JSON.stringify([fileLinkArgument(path.absolutePath)]))}`, 'Open file')
      : inlineCode(path.shown);
    page += ' ';
  }
  const markdown = new vscode.MarkdownString(page);
  markdown.isTrusted = { enabledCommands: [OPEN_FILE_COMMAND] };
  stream.markdown(markdown);
  stream.markdown(`\n\n${footer.split('\n').map((line) => `> ${escapeMarkdown(line)}`).join('\n>\n')}\n`);
  if (result.spill?.saved) {
    stream.button({
      command: 'workspaceGlob.openList',
      title: `Open the complete list (${result.total.toLocaleString('en-US')} paths)`,
      arguments: [result.spill.path, resultListTitle(result)],
    });
  }
}
