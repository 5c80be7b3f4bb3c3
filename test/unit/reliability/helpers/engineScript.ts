/**
 * Runs one search with the compiled engine in a process of its own and prints a JSON report on
 * stdout. The reliability tests start it as an unprivileged user (through runuser), because
 * as root no directory is unreadable, and as root for inputs that could crash or hang the
 * process that runs them. The request arrives as JSON on stdin (a 100 KB pattern does not fit
 * one command-line argument everywhere).
 */

import { glob, isGlobError, type GlobOptions, type RipgrepEvent } from '../../../../src/core';

export interface EngineRequest {
  readonly input: unknown;
  /** The workspace folder. */
  readonly root: string;
  readonly ripgrepPath: string;
  readonly spillDirectory?: string;
  readonly maxResults?: number;
  readonly rules?: GlobOptions['rules'];
}

export interface EngineReport {
  readonly uid: number;
  readonly result?: {
    readonly total: number;
    readonly complete: boolean;
    readonly incompleteBecause?: string;
    readonly shown: string[];
    readonly warnings: { readonly count: number; readonly first: readonly string[] };
    readonly dropped: { readonly vanished: number; readonly unreadable: number; readonly repeated: number };
    readonly unread: number;
    readonly spill: unknown;
    readonly text: string;
    readonly cautions: readonly string[];
  };
  readonly error?: { readonly name: string; readonly kind?: string; readonly message: string };
  readonly events: ReadonlyArray<Pick<RipgrepEvent, 'phase' | 'pid' | 'exitCode' | 'listed' | 'matched'>>;
}

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
  }
  const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as EngineRequest;
  const events: Array<EngineReport['events'][number]> = [];
  const uid = process.getuid?.() ?? -1;
  let report: EngineReport;
  try {
    const result = await glob(request.input, [{ name: 'ws', path: request.root }], {
      ripgrepPath: request.ripgrepPath,
      spillDirectory: request.spillDirectory,
      maxResults: request.maxResults,
      rules: request.rules,
      onRipgrep: ({ phase, pid, exitCode, listed, matched }) => events.push({ phase, pid, exitCode, listed, matched }),
    });
    report = {
      uid,
      events,
      result: {
        total: result.total,
        complete: result.complete,
        ...(result.incompleteBecause ? { incompleteBecause: result.incompleteBecause } : {}),
        shown: result.page.map((path) => path.shown),
        warnings: result.warnings,
        dropped: result.dropped,
        unread: result.unread,
        spill: result.spill,
        text: result.text,
        cautions: result.cautions,
      },
    };
  } catch (error) {
    const caught = error as Error;
    report = { uid, events, error: { name: caught.name, ...(isGlobError(caught) ? { kind: caught.kind } : {}), message: caught.message } };
  }
  process.stdout.write(JSON.stringify(report));
}

if (require.main === module) {
  void main();
}
