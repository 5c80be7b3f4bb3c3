/**
 * Stores complete lists (SPEC §4) in a directory the caller owns: the extension's storage, or a
 * per-user cache directory for the command line. The directory is 0700 and must not be a
 * symbolic link; each list is a new 0600 file with an unguessable name, created exclusively so a
 * planted link is never followed. Lists are bounded in number and in total bytes, and the oldest
 * are pruned first, after the answer: removing older lists is no part of this search (it took
 * 1.5–6 ms of a 100k search in bench/), and a prune that fails is tried again after the next
 * save. Saving can fail (full disk, no permission): the caller reports that in the footer, the
 * search itself still succeeds.
 *
 * The file calls are synchronous. Each takes a fraction of a millisecond on a local disk, while
 * each awaited one waited for a turn of the event loop through libuv's thread pool. On the 100k
 * benchmark tree, what a save takes beside gathering its lines (directory check, open, encoding,
 * writes, close) went from 4-7 ms to 2-3 ms, and the command line, which waits for the prune
 * before it exits, took 10 ms less end to end (median of 20 interleaved runs). The engine saves
 * on a thread of its own (the extension's search thread, the command line's only one), and a
 * save yields between chunks of lines, so a stop is still seen and no block outlasts a chunk.
 */

import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import * as nodePath from 'node:path';
import { nextTurn } from '../nextTurn';
import type { LineChunks } from './shownLines';
import { spillHeaderLines, spillHeaderParts, spillListedLine, type SpillHeader } from './spillFormat';

export interface SpillLimits {
  /** How many complete lists are kept. @default 20 */
  readonly maxLists: number;
  /** How many bytes all kept lists may take together; a longer list is cut to fit. @default 200 MiB */
  readonly maxTotalBytes: number;
}

export const DEFAULT_SPILL_LIMITS: SpillLimits = { maxLists: 20, maxTotalBytes: 200 * 1024 * 1024 };

export type SpillOutcome =
  | {
      readonly saved: true;
      readonly path: string;
      readonly written: number;
      /** The lines that hold paths, numbered from 1 as editors and file-reading tools number them. */
      readonly pathLines: { readonly first: number; readonly last: number };
    }
  | { readonly saved: false; readonly reason: string };

/** How every saved list is named: the time it was saved, then 64 random bits. */
export const SPILL_FILE_NAME = /^glob-\d{8}T\d{9}Z-[0-9a-f]{16}\.txt$/;
/** Lines are buffered into writes of about this size. */
const WRITE_CHUNK_BYTES = 1 << 20;

/** The prunes started so far, one after another so two never work on the directory at once. */
let pruning: Promise<void> = Promise.resolve();

/** Settles when every prune started so far has ended, for whoever needs the directory settled. */
export function prunesSettled(): Promise<void> {
  return pruning;
}

export async function saveSpill(
  directory: string,
  limits: SpillLimits,
  header: SpillHeader,
  lines: LineChunks,
  signal?: AbortSignal,
): Promise<SpillOutcome> {
  let file: string | undefined;
  // A stop that came before the write stopped the search, not the answer: the files found so far
  // are listed as the answer says. Only one that comes while the list is written cuts it short.
  const stopWhileWriting = signal?.aborted ? undefined : signal;
  try {
    ensurePrivateDirectory(directory);
    file = nodePath.join(directory, listName(header.savedAt));
    const written = await writeList(file, header, lines, limits.maxTotalBytes, stopWhileWriting);
    const saved = file;
    // After a turn of the event loop: the answer this list belongs to goes out first.
    pruning = pruning
      .then(nextTurn)
      .then(() => prune(directory, limits, saved))
      .catch(() => undefined);
    const headerLines = spillHeaderLines(header);
    return { saved: true, path: file, written, pathLines: { first: headerLines + 1, last: headerLines + written } };
  } catch (error) {
    if (file) {
      try {
        removeList(file);
      } catch {
        // The save has failed already, and its reason is what the caller reports.
      }
    }
    return { saved: false, reason: stopWhileWriting?.aborted ? 'the search was stopped while it was being written' : (error as Error).message };
  }
}

function ensurePrivateDirectory(directory: string): void {
  makeDirectories(directory);
  const stats = lstatSync(directory);
  if (stats.isSymbolicLink() || !stats.isDirectory()) {
    throw new Error(`${directory} is not a plain directory; refusing to write there`);
  }
  if (process.platform !== 'win32') {
    if (process.getuid && stats.uid !== process.getuid()) {
      throw new Error(`${directory} belongs to another user; refusing to write there`);
    }
    if ((stats.mode & 0o777) !== 0o700) {
      chmodSync(directory, 0o700);
    }
  }
}

/**
 * `mkdir -p`, each directory made 0700. Not Node's recursive mkdir, which takes every ENOENT for
 * a missing parent, makes the parent and tries again: where a filesystem refuses a directory as
 * missing though its parent exists (under /proc), it tried forever at full CPU, and the search
 * never answered. Here a directory is tried once more after its parent is made, no more.
 */
function makeDirectories(directory: string): void {
  try {
    makeDirectory(directory);
  } catch (error) {
    const parent = nodePath.dirname(directory);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === directory) {
      throw error;
    }
    makeDirectories(parent);
    makeDirectory(directory);
  }
}

/** Makes one directory, 0700; one already there is no error (what it is gets checked after). */
function makeDirectory(directory: string): void {
  try {
    mkdirSync(directory, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
}

function listName(savedAt: Date): string {
  const stamp = savedAt.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `glob-${stamp}-${randomBytes(8).toString('hex')}.txt`;
}

async function writeList(
  file: string,
  header: SpillHeader,
  lines: LineChunks,
  maxBytes: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  // One pass: the header says "all" in a fixed-width line, rewritten in place if the list is cut.
  const parts = spillHeaderParts(header);
  let written = 0;
  const descriptor = openSync(file, 'wx', 0o600);
  try {
    const head = utf8Bytes(parts.before + parts.listed + parts.after);
    writeAll(descriptor, head);
    let bytes = head.length;
    // Lines go out in chunks of about WRITE_CHUNK_BYTES, counted a chunk at a time; only the
    // chunk that would pass the byte bound is counted line by line, to cut it at a whole line.
    while (written < header.total) {
      signal?.throwIfAborted();
      const next = lines(written, WRITE_CHUNK_BYTES);
      let chunk = 'bytes' in next ? next.bytes : utf8Bytes(next.text);
      let count = next.lines;
      if (bytes + chunk.length > maxBytes) {
        ({ chunk, lines: count } = 'bytes' in next ? wholeByteLinesWithin(next.bytes, maxBytes - bytes) : wholeLinesWithin(next.text, maxBytes - bytes));
      }
      writeAll(descriptor, chunk);
      bytes += chunk.length;
      written += count;
      if (bytes >= maxBytes || count === 0 || written >= header.total) {
        break;
      }
      await nextTurn();
    }
    if (written < header.total) {
      writeAll(descriptor, utf8Bytes(spillListedLine(written, header.total)), Buffer.byteLength(parts.before));
    }
  } finally {
    closeSync(descriptor);
  }
  return written;
}

/**
 * Where each chunk is encoded: one buffer for every save on this thread, grown when a chunk needs
 * more. Encoding a megabyte of lines into a new buffer took 1.0-1.7 ms, most of it the kernel
 * handing out fresh pages, and 0.2-0.4 ms into one that is reused. Writes are synchronous, so a
 * chunk is written before the next one is encoded here.
 */
let encoded = Buffer.alloc(0);

/** The UTF-8 bytes of `text`, valid until the next call. */
function utf8Bytes(text: string): Buffer {
  // A UTF-16 code unit never takes more than 3 UTF-8 bytes.
  if (encoded.length < 3 * text.length) {
    encoded = Buffer.allocUnsafe(3 * text.length);
  }
  return encoded.subarray(0, encoded.write(text));
}

/** The leading whole lines of `text` that fit in `room` bytes. */
function wholeLinesWithin(text: string, room: number): { chunk: Buffer; lines: number } {
  let lines = 0;
  let end = 0;
  let used = 0;
  for (;;) {
    const newline = text.indexOf('\n', end);
    if (newline === -1) {
      break;
    }
    const lineBytes = Buffer.byteLength(text.slice(end, newline + 1));
    if (used + lineBytes > room) {
      break;
    }
    used += lineBytes;
    end = newline + 1;
    lines += 1;
  }
  return { chunk: Buffer.from(text.slice(0, end)), lines };
}

/** The leading whole lines of `bytes` that fit in `room` bytes. */
function wholeByteLinesWithin(bytes: Buffer, room: number): { chunk: Buffer; lines: number } {
  const end = room > 0 ? bytes.lastIndexOf(0x0a, room - 1) + 1 : 0;
  let lines = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < end; at = bytes.indexOf(0x0a, at + 1)) {
    lines += 1;
  }
  return { chunk: bytes.subarray(0, end), lines };
}

/**
 * Writes all of `bytes`. One write(2) may write less than it was given without failing (a
 * filesystem that fills up does that), so the rest is written until it is all there or a
 * write fails (ENOSPC).
 */
function writeAll(descriptor: number, bytes: Buffer, at?: number): void {
  for (let offset = 0; offset < bytes.length; ) {
    // At a position when one is given (the header's rewrite), else at the end.
    offset += writeSync(descriptor, bytes, offset, bytes.length - offset, at === undefined ? null : at + offset);
  }
}

/** Keeps the newest lists within the bounds; `keep` (the list just written) always stays. */
function prune(directory: string, limits: SpillLimits, keep: string): void {
  const lists: Array<{ path: string; size: number }> = [];
  for (const name of readdirSync(directory)) {
    if (!SPILL_FILE_NAME.test(name)) {
      continue;
    }
    const path = nodePath.join(directory, name);
    const stats = lstatOrNothing(path);
    // Only files and links are ever removed; anything else named like a list is not ours.
    if (stats && (stats.isFile() || stats.isSymbolicLink())) {
      lists.push({ path, size: stats.isFile() ? stats.size : 0 });
    }
  }
  // Names start with the time they were saved, so name order is age order.
  lists.sort((a, b) => (a.path < b.path ? 1 : a.path > b.path ? -1 : 0));
  let count = 0;
  let bytes = 0;
  for (const list of lists) {
    const fits = count < limits.maxLists && bytes + list.size <= limits.maxTotalBytes;
    if (list.path === keep || fits) {
      count += 1;
      bytes += list.size;
    } else {
      removeList(list.path);
    }
  }
}

/** A list's own status, or nothing when it is gone or cannot be looked at (then it is left alone). */
function lstatOrNothing(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Removes a list (a file, or a link, never what it points to); one already gone is no error. */
function removeList(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw error;
    }
  }
}
