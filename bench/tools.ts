/**
 * Finds what the benchmark runs: the project's build, ripgrep 15 from @vscode/ripgrep (what VS
 * Code ships), Debian's ripgrep 13 (what older VS Code builds bundle), find, and GNU time for the
 * CPU time and peak memory of external commands. ripgrep 13 and GNU time are installed from
 * Debian's packages when missing, where the runner may; anything optional still missing becomes a
 * note in the report, never a crash.
 */

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as nodePath from 'node:path';

export interface Tools {
  readonly projectRoot: string;
  readonly cacheDirectory: string;
  /** The compiled engine (out/src/core/index.js) and the bundled command line (dist/cli.js). */
  readonly engineWorker: string;
  readonly cli: string;
  readonly rg15: Binary;
  readonly rg13: Binary | undefined;
  readonly find: string;
  /** GNU time, for CPU and peak RSS of external commands. */
  readonly gnuTime: string | undefined;
  readonly notes: readonly string[];
}

export interface Binary {
  readonly path: string;
  /** `ripgrep 15.0.0` */
  readonly version: string;
}

/** out/bench/tools.js → the project root. */
export const PROJECT_ROOT = nodePath.resolve(__dirname, '..', '..');

const SYSTEM_RIPGREP = '/usr/bin/rg';
const GNU_TIME = '/usr/bin/time';

export async function findTools(log: (line: string) => void): Promise<Tools> {
  const notes: string[] = [];
  if (process.env.NODE_EXTRA_CA_CERTS) {
    notes.push(
      'NODE_EXTRA_CA_CERTS is set here and is left out of the command line\'s environment: Node reads and parses that certificate file at every start (tens of milliseconds), and the command line opens no network connection.',
    );
  }
  const projectRoot = PROJECT_ROOT;
  const cli = nodePath.join(projectRoot, 'dist', 'cli.js');
  const engine = nodePath.join(projectRoot, 'out', 'src', 'core', 'index.js');
  for (const built of [engine, cli]) {
    if (!existsSync(built)) {
      throw new Error(`${built} is missing: run "npm run bench" (it compiles and bundles first), or "npx tsc -p . && node esbuild.mjs".`);
    }
  }

  const { rgPath } = (await import('@vscode/ripgrep')) as { rgPath: string };
  const rg15 = { path: rgPath, version: versionOf(rgPath) ?? 'ripgrep (unknown version)' };

  let rg13: Binary | undefined;
  if (!existsSync(SYSTEM_RIPGREP)) {
    aptInstall('ripgrep', 'ripgrep 13 (Debian\'s ripgrep package) is missing', log);
  }
  const systemVersion = existsSync(SYSTEM_RIPGREP) ? versionOf(SYSTEM_RIPGREP) : undefined;
  if (systemVersion) {
    rg13 = { path: SYSTEM_RIPGREP, version: systemVersion };
    if (!systemVersion.startsWith('ripgrep 13.')) {
      notes.push(`${SYSTEM_RIPGREP} is ${systemVersion}, not ripgrep 13; its column is labelled with its real version.`);
    }
  } else {
    notes.push(`ripgrep 13 not found at ${SYSTEM_RIPGREP}: its row and ratio are skipped (Debian/Ubuntu: apt-get install ripgrep).`);
  }

  return {
    projectRoot,
    cacheDirectory: nodePath.join(projectRoot, '.bench-cache'),
    engineWorker: nodePath.join(__dirname, 'engineWorker.js'),
    cli,
    rg15,
    rg13,
    find: 'find',
    gnuTime: gnuTime(log, notes),
    notes,
  };
}

function versionOf(binary: string): string | undefined {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.split('\n')[0].trim() : undefined;
}

function isGnuTime(path: string): boolean {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`.includes('GNU');
}

/** GNU time, installed with apt-get when missing and running as root; otherwise a note on how to. */
function gnuTime(log: (line: string) => void, notes: string[]): string | undefined {
  if (existsSync(GNU_TIME) && isGnuTime(GNU_TIME)) {
    return GNU_TIME;
  }
  if (aptInstall('time', 'GNU time is missing', log) && existsSync(GNU_TIME) && isGnuTime(GNU_TIME)) {
    return GNU_TIME;
  }
  notes.push('GNU time (/usr/bin/time) not found: CPU and peak RSS of external commands are not shown. Install it with "apt-get install time" (Debian/Ubuntu) or "dnf install time".');
  return undefined;
}

/** Whether this run has fetched the package lists already. */
let listsFetched = false;

/**
 * Installs Debian's package `name` with apt-get, when the runner is root and apt-get exists (as on
 * this project's machines and in CI), so a clean machine measures every candidate; true when it
 * was installed. The package lists are fetched first, once: a fresh machine may have none yet.
 */
function aptInstall(name: string, why: string, log: (line: string) => void): boolean {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    return false;
  }
  log(`${why}; installing it: apt-get install ${name}`);
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!listsFetched) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: environment });
    listsFetched = true;
  }
  return spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', name], { stdio: 'inherit', env: environment }).status === 0;
}
