/**
 * Reading back a complete list saved by spill.ts, given only its path (a chat button, a tab
 * restored after a reload, the list remembered as the last one): whether it is one of the lists
 * in the directory, one that was there and has since been pruned, or no list of ours at all, and
 * what its header says. Lists are pruned oldest first, so a path that was handed out earlier can
 * name a list that is gone, and whoever opens it should hear that, not that it was never a list;
 * nor should whoever opens a list changed on disk since (opened as a file and edited): what in it
 * is not what was saved is said instead.
 */

import { createReadStream, promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { createInterface } from 'node:readline';
import { joinName } from '../names';
import { SPILL_FILE_NAME } from './spill';
import { readSpillHeader, resolveSpillLine, type ParsedSpill } from './spillFormat';

/**
 * `saved`: a list in the directory, safe to read. `removed`: named as the directory's lists are
 * named, in that directory, but no longer there. `foreign`: anything else, never to be read.
 */
export type SavedListState = 'saved' | 'removed' | 'foreign';

/** A list's header is read this much at a time, until the empty line that ends it. */
const HEADER_CHUNK_BYTES = 64 * 1024;
/**
 * The most of a list read to find its header: a few short lines, the roots and the pattern, which
 * a model can make long (a 70,000-character pattern made a list of ours unreadable as one, when
 * the first 64 KB were all that was read).
 */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

export async function savedListState(listFile: string, directory: string): Promise<SavedListState> {
  let real: string;
  try {
    real = await fs.realpath(listFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      return 'foreign';
    }
    // Only a name this directory's lists have, in this directory, was ever one of them.
    const named = nodePath.resolve(nodePath.dirname(listFile)) === nodePath.resolve(directory) && SPILL_FILE_NAME.test(nodePath.basename(listFile));
    return named ? 'removed' : 'foreign';
  }
  try {
    // Real paths on both sides: a link planted under a list's name must not lead elsewhere.
    const realDirectory = await fs.realpath(directory);
    return nodePath.dirname(real) === realDirectory && SPILL_FILE_NAME.test(nodePath.basename(real)) ? 'saved' : 'foreign';
  } catch {
    return 'foreign';
  }
}

/** The header of a saved list; undefined when it cannot be read or is not a list's header. */
export async function readSavedListHeader(listFile: string): Promise<ParsedSpill | undefined> {
  const reading = await readSavedList(listFile);
  return 'header' in reading ? reading.header : undefined;
}

/**
 * The header of a saved list, or why it cannot be read as one: `changed` when the file was read
 * and is not what was saved (a list in the directory under a list's name was written as one, so
 * it was changed since), not when it could not be read at all.
 */
export async function readSavedList(listFile: string): Promise<SavedListReading> {
  let handle: fs.FileHandle | undefined;
  let text: string;
  try {
    handle = await fs.open(listFile, 'r');
    const chunks: Buffer[] = [];
    let read = 0;
    let lastEndedLine = false;
    for (;;) {
      const chunk = Buffer.alloc(HEADER_CHUNK_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, HEADER_CHUNK_BYTES, read);
      const got = chunk.subarray(0, bytesRead);
      chunks.push(got);
      read += bytesRead;
      // The header ends at its first empty line, which may fall across two reads; an end of
      // file or the bound ends the looking.
      const headerEnded = got.includes('\n\n') || (lastEndedLine && got[0] === 0x0a);
      lastEndedLine = got[bytesRead - 1] === 0x0a;
      if (bytesRead === 0 || headerEnded || read >= MAX_HEADER_BYTES) {
        break;
      }
    }
    text = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    return notRead(error);
  } finally {
    await handle?.close().catch(() => undefined);
  }
  return headerOf(text);
}

/** A saved list's whole text, for the document that shows it; or why it cannot be shown, as readSavedList says it. */
export async function readSavedListText(listFile: string): Promise<{ readonly text: string } | UnreadableList> {
  let text: string;
  try {
    text = await fs.readFile(listFile, 'utf8');
  } catch (error) {
    return notRead(error);
  }
  const reading = headerOf(text);
  return 'header' in reading ? { text } : reading;
}

/** Why a saved list does not read as one; `changed` when it was read, and is not what was saved. */
export interface UnreadableList {
  readonly problem: string;
  readonly changed: boolean;
}

export type SavedListReading = { readonly header: ParsedSpill } | UnreadableList;

function notRead(error: unknown): UnreadableList {
  return { problem: `it could not be read (${(error as Error).message})`, changed: false };
}

function headerOf(text: string): SavedListReading {
  const reading = readSpillHeader(text);
  return 'header' in reading ? reading : { problem: reading.problem, changed: true };
}

/** When a list was saved, read from its name (spill.ts names each list by the time it was saved). */
export function savedListTime(listFile: string): Date | undefined {
  const stamp = /^glob-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-/.exec(nodePath.basename(listFile));
  if (!stamp) {
    return undefined;
  }
  const [year, month, day, hours, minutes, seconds, milliseconds] = stamp.slice(1).map(Number);
  return new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, milliseconds));
}

/** A path line of a saved list, and the file it names. */
export interface ListedPath {
  readonly shown: string;
  readonly file: string | Buffer;
}

/**
 * The first `maxPaths` paths of a saved list, read line by line so a list of a million paths is
 * not read whole for a few; an empty array when the file is not a list. Lines that name no file
 * under the list's roots are passed over.
 */
export async function readListedPaths(listFile: string, maxPaths: number): Promise<ListedPath[]> {
  // The header is read as readSavedListHeader reads it, within its bound; the paths after it by line.
  const header = await readSavedListHeader(listFile);
  if (header === undefined) {
    return [];
  }
  const stream = createReadStream(listFile, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  const listed: ListedPath[] = [];
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      const target = lineNumber <= header.firstPathLine || line === '' ? undefined : resolveSpillLine(line, header.roots);
      if (target) {
        listed.push({ shown: line, file: joinName(target.root, target.relative) });
        if (listed.length === maxPaths) {
          break;
        }
      }
    }
  } catch {
    return listed;
  } finally {
    lines.close();
    stream.destroy();
  }
  return listed;
}
