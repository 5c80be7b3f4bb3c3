/**
 * This process's memory and its children's CPU, from Linux's /proc (undefined elsewhere).
 *
 * - Peak RSS of one search: writing "5" to /proc/self/clear_refs resets the kernel's high-water
 *   mark (VmHWM) to the current RSS, so VmHWM read after the search is that search's peak, not
 *   the process's lifetime peak (which is all process.resourceUsage().maxRSS can give).
 * - CPU of ripgrep: a child's user and system time are added to the parent's cutime/cstime
 *   (/proc/self/stat) once it has been waited for; the engine waits for ripgrep before it
 *   returns, so the difference across a search is ripgrep's CPU. Units are USER_HZ, which Linux
 *   fixes at 100 per second for user space. Its minor page faults are added to cminflt the same
 *   way.
 */

import { readFileSync, writeFileSync } from 'node:fs';

const USER_HZ = 100;

function statusField(field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Resident memory now, KiB. */
export function residentKb(): number | undefined {
  return statusField('VmRSS');
}

/** Starts a new peak-RSS measurement; false when the kernel does not allow it. */
export function resetPeakResident(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** Peak resident memory since the last reset (or since start), KiB. */
export function peakResidentKb(): number | undefined {
  return statusField('VmHWM') ?? Math.round(process.resourceUsage().maxRSS);
}

/** The fields of /proc/self/stat after "pid (comm) ", the first being field 3 of the full line. */
function statFields(): string[] | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The command name is in parentheses and may contain spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time of all waited-for children so far, milliseconds. */
export function childrenCpuMs(): number | undefined {
  const fields = statFields();
  // cutime and cstime are fields 16 and 17 of the full line.
  return fields === undefined ? undefined : ((Number(fields[13]) + Number(fields[14])) * 1000) / USER_HZ;
}

/** Minor page faults of all waited-for children so far (cminflt, field 11 of the full line). */
export function childrenMinorFaults(): number | undefined {
  const fields = statFields();
  return fields === undefined ? undefined : Number(fields[8]);
}

/** This process's own CPU time (all threads, libuv's pool included), milliseconds. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
