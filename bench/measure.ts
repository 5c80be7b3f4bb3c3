/**
 * One timed run of an external command.
 *
 * Wall time is taken here, from spawn to exit. CPU time (user + sys) and peak RSS come from GNU
 * time, which reads them from the kernel's wait4() record of the finished process: CPU includes
 * every child the command waited for (the command line's ripgrep), peak RSS is the largest single
 * process of the tree (the kernel keeps a maximum, not a sum); minor page faults are summed like
 * CPU.
 *
 * The command's stdout goes to a scratch file, never to /dev/null (ripgrep notices /dev/null and
 * skips its output work) and not through this process either, so the runner stays idle while
 * the command runs. The lines written are counted afterwards, to check each command listed what
 * it should.
 */

import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';

export interface CommandLine {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** What one run of one candidate measured; undefined where the method cannot tell. */
export interface Sample {
  readonly wallMs: number;
  readonly cpuMs?: number;
  readonly peakRssKb?: number;
  /**
   * Minor page faults: each first touch of a page of fresh memory, and each first write to a page
   * after a fork made it copy-on-write (~14-17 µs each on this project's machines).
   */
  readonly minorFaults?: number;
  /** The engine's longest event-loop block during the run (in-process candidate only). */
  readonly eventLoopMaxMs?: number;
  /** Lines the command printed (external commands), or the engine's match total. */
  readonly listed?: number;
}

export interface Scratch {
  /** Receives the command's stdout. */
  readonly outputFile: string;
  /** Receives GNU time's report. */
  readonly timeFile: string;
}

export async function measureCommand(command: CommandLine, scratch: Scratch, gnuTime: string | undefined): Promise<Sample> {
  const output = openSync(scratch.outputFile, 'w');
  rmSync(scratch.timeFile, { force: true });
  const [file, args] = gnuTime
    ? [gnuTime, ['-f', '%U %S %M %R', '-o', scratch.timeFile, command.file, ...command.args]]
    : [command.file, [...command.args]];
  let wallMs: number;
  let stderr = '';
  try {
    const started = process.hrtime.bigint();
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(file, args, { cwd: command.cwd, env: command.env ?? process.env, stdio: ['ignore', output, 'pipe'] });
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-2000);
      });
      child.once('error', reject);
      child.once('close', resolve);
    });
    wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (exitCode !== 0) {
      throw new Error(`${command.file} ${command.args.join(' ')} exited with ${exitCode}: ${stderr.trim()}`);
    }
  } finally {
    closeSync(output);
  }
  return { wallMs, ...(gnuTime ? readGnuTime(scratch.timeFile) : {}), listed: countLines(scratch.outputFile) };
}

/**
 * `%U %S %M %R`: user seconds, system seconds, peak RSS in KiB, minor page faults (the last line;
 * earlier ones are notices).
 */
function readGnuTime(path: string): { cpuMs: number; peakRssKb: number; minorFaults: number } {
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  const [user, system, rss, minorFaults] = lines[lines.length - 1].split(' ').map(Number);
  return { cpuMs: (user + system) * 1000, peakRssKb: rss, minorFaults };
}

function countLines(path: string): number {
  const data = readFileSync(path);
  let lines = 0;
  for (let at = data.indexOf(0x0a); at !== -1; at = data.indexOf(0x0a, at + 1)) {
    lines += 1;
  }
  return lines;
}
