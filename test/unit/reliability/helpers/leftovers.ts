/**
 * What a search must not leave behind, checked after every fault: a process (found by the pid the
 * engine reported, by parentage, and by scanning /proc for anything whose working directory is
 * inside the scratch trees, which catches what a killed ripgrep or a fake one started), or a file
 * in the complete-list directory that is not a whole list.
 */

import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import * as path from 'node:path';
import { parseSpillHeader } from '../../../../src/core';
import { SPILL_FILE_NAME } from '../../../../src/core/spill/spill';
import { SCRATCH_PREFIX } from './scratch';

export interface ProcessInfo {
  readonly pid: number;
  readonly ppid: number;
  /** R, S, D, Z (zombie), … */
  readonly state: string;
  readonly command: string;
  readonly cwd: string | undefined;
}

/** Every process the /proc table shows (Linux only). */
export function processTable(): ProcessInfo[] {
  const table: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command sits in parentheses and may itself contain spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(close + 2).split(' ');
      let cwd: string | undefined;
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        cwd = undefined;
      }
      table.push({ pid: Number(entry), ppid: Number(ppid), state, command: stat.slice(stat.indexOf('(') + 1, close), cwd });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

/** Processes whose working directory is inside `directory` (by default any reliability scratch directory). */
export function processesUnder(directory = SCRATCH_PREFIX): ProcessInfo[] {
  return processTable().filter((info) => info.cwd !== undefined && info.cwd.startsWith(directory));
}

/**
 * Asserts nothing is left: none of `pids` (ripgrep's, from the engine's start events) is still one
 * of ours, no child of this process remains, and nothing runs inside the scratch trees.
 */
export function assertNoProcessLeft(pids: readonly number[] = [], under = SCRATCH_PREFIX): void {
  const table = processTable();
  const left = table.filter(
    (info) =>
      info.ppid === process.pid ||
      (info.cwd !== undefined && info.cwd.startsWith(under)) ||
      // A pid reported by the engine counts only while it is still ours (pids are reused).
      (pids.includes(info.pid) && (info.ppid === process.pid || info.command === 'rg')),
  );
  assert.deepEqual(left.map(describe), [], 'processes left behind');
}

function describe(info: ProcessInfo): string {
  return `${info.pid} (${info.command}, state ${info.state}, parent ${info.ppid}, cwd ${info.cwd ?? '?'})`;
}

/**
 * Asserts the complete-list directory holds only whole lists: each file is named like a list and
 * has a header and exactly as many path lines as the header says it holds.
 */
export function assertOnlyWholeLists(directory: string, expectedCount?: number): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    names = [];
  }
  for (const name of names) {
    assert.match(name, SPILL_FILE_NAME, `stray file ${name} in the complete-list directory`);
    const text = readFileSync(path.join(directory, name), 'utf8');
    const header = parseSpillHeader(text);
    assert.ok(header, `${name} has no header`);
    const total = header.total;
    const held = Number(/^# listed: the first (\d+)/m.exec(text)?.[1] ?? total);
    const lines = text.split('\n').slice(header.firstPathLine);
    assert.equal(lines.pop(), '', `${name} does not end with a newline`);
    assert.equal(lines.length, held, `${name} is not whole`);
  }
  if (expectedCount !== undefined) {
    assert.equal(names.length, expectedCount, `lists in ${directory}`);
  }
  return names.map((name) => path.join(directory, name));
}
