/**
 * Stores complete lists (SPEC §4) in a directory the caller owns: the extension's storage, or a
 * per-user cache directory for the command line. The directory is 0700 and must not be a
 * symbolic link; each list is a new 0600 file with an unguessable name, created exclusively so a
 * planted link is never followed. Lists are bounded in number and in total bytes, and the oldest
 * are pruned first, after the answer: removing older lists is no part of this search (it took
 * 1.5–6 ms of a 100k search in bench/), and a prune that fails is tried again after the next
 * save. Saving can fail (full disk, no permission): the caller reports that in the footer, the
 * search itself still succeeds.
 */

import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as nodePath from 'node:path';
import type { LineChunks } from './shownLines';
import { spillHeaderParts, spillListedLine, type SpillHeader } from './spillFormat';

export interface SpillLimits {
  /** How many complete lists are kept. @default 20 */
  readonly maxLists: number;
  /** How many bytes all kept lists may take together; a longer list is cut to fit. @default 200 MiB */
  readonly maxTotalBytes: number;
}

export const DEFAULT_SPILL_LIMITS: SpillLimits = { maxLists: 20, maxTotalBytes: 200 * 1024 * 1024 };

export type SpillOutcome =
  | { readonly saved: true; readonly path: string; readonly written: number }
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
  try {
    await ensurePrivateDirectory(directory);
    file = nodePath.join(directory, listName(header.savedAt));
    const written = await writeList(file, header, lines, limits.maxTotalBytes, signal);
    const saved = file;
    pruning = pruning.then(() => prune(directory, limits, saved)).catch(() => undefined);
    return { saved: true, path: file, written };
  } catch (error) {
    if (file) {
      await fs.rm(file, { force: true }).catch(() => undefined);
    }
    return { saved: false, reason: (error as Error).message };
  }
}

async function ensurePrivateDirectory(directory: string): Promise<void> {
  await fs.mkdir(directory, { recursive: true, mode: 0o700 });
  const stats = await fs.lstat(directory);
  if (stats.isSymbolicLink() || !stats.isDirectory()) {
    throw new Error(`${directory} is not a plain directory; refusing to write there`);
  }
  if (process.platform !== 'win32') {
    if (process.getuid && stats.uid !== process.getuid()) {
      throw new Error(`${directory} belongs to another user; refusing to write there`);
    }
    if ((stats.mode & 0o777) !== 0o700) {
      await fs.chmod(directory, 0o700);
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
  const head = Buffer.from(parts.before + parts.listed + parts.after);
  let bytes = head.length;
  let written = 0;
  const handle = await fs.open(file, 'wx', 0o600);
  // One write in flight while the next chunk is made: each is issued once the one before it
  // has ended, so the file is written in order.
  let writing = writeAll(handle, head);
  try {
    // Lines go out in chunks of about WRITE_CHUNK_BYTES, counted a chunk at a time; only the
    // chunk that would pass the byte bound is counted line by line, to cut it at a whole line.
    while (written < header.total) {
      signal?.throwIfAborted();
      const next = lines(written, WRITE_CHUNK_BYTES);
      let chunk: Buffer = Buffer.from(next.text);
      let count = next.lines;
      if (bytes + chunk.length > maxBytes) {
        ({ chunk, lines: count } = wholeLinesWithin(next.text, maxBytes - bytes));
      }
      await writing;
      writing = writeAll(handle, chunk);
      bytes += chunk.length;
      written += count;
      if (bytes >= maxBytes || count === 0) {
        break;
      }
    }
    await writing;
    if (written < header.total) {
      await writeAll(handle, Buffer.from(spillListedLine(written, header.total)), Buffer.byteLength(parts.before));
    }
  } finally {
    // A write still in flight (the save failed or was stopped) ends before the file is closed.
    await writing.catch(() => undefined);
    await handle.close();
  }
  return written;
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

/**
 * Writes all of `bytes`. One write(2) may write less than it was given without failing (a
 * filesystem that fills up does that), so the rest is written until it is all there or a
 * write fails (ENOSPC).
 */
async function writeAll(handle: FileHandle, bytes: Buffer, at?: number): Promise<void> {
  for (let offset = 0; offset < bytes.length; ) {
    // At a position when one is given (the header's rewrite), else at the end.
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset, at === undefined ? null : at + offset);
    offset += bytesWritten;
  }
}

/** Keeps the newest lists within the bounds; `keep` (the list just written) always stays. */
async function prune(directory: string, limits: SpillLimits, keep: string): Promise<void> {
  const lists: Array<{ path: string; size: number }> = [];
  // Looked at all at once: one after another, the lists' lstat calls took a few milliseconds of
  // every save with the directory full.
  const paths = (await fs.readdir(directory)).filter((name) => SPILL_FILE_NAME.test(name)).map((name) => nodePath.join(directory, name));
  const found = await Promise.all(paths.map((path) => fs.lstat(path).catch(() => undefined)));
  found.forEach((stats, i) => {
    // Only files and links are ever removed; anything else named like a list is not ours.
    if (stats && (stats.isFile() || stats.isSymbolicLink())) {
      lists.push({ path: paths[i], size: stats.isFile() ? stats.size : 0 });
    }
  });
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
      await fs.rm(list.path, { force: true });
    }
  }
}
