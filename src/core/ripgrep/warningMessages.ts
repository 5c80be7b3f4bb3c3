/**
 * ripgrep's messages, each whole, from the lines of its stderr. One about a path whose name holds
 * a newline spans lines ("rg: ./bro", "ken: No such file or directory (os error 2)"), and read
 * line by line, one link to nothing was three warnings, two of them, without an error number,
 * problems that "may" hide files. The wording of a line cannot always tell: a name's line may
 * itself start as a message does ("c\nrg: d") or its first line end as one ends ("g: No such
 * file or directory (os error 2)\nh"), and then one link was two warnings, one of them a problem.
 * So the disk is asked first, which warnings being rare makes affordable: a line continues the
 * message before it when that message names a path, from the walk root, whose directory holds a
 * name that goes on, past a newline, as this line and those after it begin.
 */

import { readdirSync } from 'node:fs';
import * as nodePath from 'node:path';

export function warningMessages(lines: readonly string[], walkRoot: string): string[] {
  const names = new NamesWithNewlines(walkRoot);
  const messages: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const last = messages.length - 1;
    if (last >= 0 && (continuedByWording(messages[last], line) || names.continued(messages[last], lines, index))) {
      messages[last] += `\n${line}`;
    } else if (line !== '') {
      messages.push(line);
    }
  }
  return messages;
}

/**
 * Where the disk tells nothing (the path was removed, or lies in a directory that cannot be
 * read): a line is part of the message before it when that one has not ended (with an error
 * number) and the line does not start one, as ripgrep 15 ("rg: ") and 13 (a path from the walk
 * root, or ripgrep's loop message) start them. A loop's message ends with the ancestor's name,
 * which may hold a newline too: taken to end at "points to an ancestor", the rest of the name
 * after it was a problem of its own that "may" hide files.
 */
function continuedByWording(message: string, line: string): boolean {
  return !MESSAGE_END.test(message) && !MESSAGE_START.test(line);
}

const MESSAGE_END = /\(os error \d+\)$/;
const MESSAGE_START = /^(?:rg: |\.[/\\]|File system loop found: )/;

/** ripgrep prints every path of a walk from "." with the system's separator. */
const PATH_START = /\.[/\\]/g;

/** The names holding a newline in each directory asked about, each directory read once. */
class NamesWithNewlines {
  private readonly byDirectory = new Map<string, readonly string[]>();

  constructor(private readonly walkRoot: string) {}

  /**
   * Whether `lines` from `index` on go on a name `message` ends inside of. Any path the message
   * names may be the one (a message can name it twice: "IO error for operation on ./c"), so each
   * text from a "./" in it to its end is tried as a path cut at a newline.
   */
  continued(message: string, lines: readonly string[], index: number): boolean {
    for (const start of message.matchAll(PATH_START)) {
      const path = message.slice(start.index);
      const head = `${nodePath.basename(path)}\n`;
      for (const name of this.in(nodePath.dirname(path))) {
        if (name.startsWith(head) && beginsAt(lines, index, name.slice(head.length))) {
          return true;
        }
      }
    }
    return false;
  }

  private in(directory: string): readonly string[] {
    const absolute = nodePath.resolve(this.walkRoot, directory);
    let names = this.byDirectory.get(absolute);
    if (names === undefined) {
      try {
        names = readdirSync(absolute).filter((name) => name.includes('\n'));
      } catch {
        // Not a directory, gone, or unreadable (and then ripgrep's message says so): no evidence.
        names = [];
      }
      this.byDirectory.set(absolute, names);
    }
    return names;
  }
}

/** Whether the lines from `index` on begin with `text`, whose newlines separate them. */
function beginsAt(lines: readonly string[], index: number, text: string): boolean {
  const parts = text.split('\n');
  const lastPart = parts.length - 1;
  return parts.every((part, offset) => {
    const line = lines[index + offset];
    return line !== undefined && (offset === lastPart ? line.startsWith(part) : line === part);
  });
}
