/**
 * Finds a ripgrep binary: the first candidate that exists and is executable. The VS Code adapter
 * puts its setting and VS Code's own bundled binary first; everyone ends with the packaged
 * `@vscode/ripgrep` and `rg` on PATH. The error lists every place looked at.
 */

import { constants, promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { GlobError } from '../errors';

export interface RipgrepCandidate {
  /** Where this candidate comes from, for the error: "setting workspaceGlob.ripgrepPath". */
  readonly source: string;
  /** Absolute path of the binary, or undefined when the source has none. */
  readonly path: string | undefined;
}

const BINARY = process.platform === 'win32' ? 'rg.exe' : 'rg';

/**
 * A candidate, or how to find one. A function is only called when every candidate before it is
 * missing: looking through PATH costs a few file checks that are wasted once the packaged binary
 * is there.
 */
export type RipgrepSource = RipgrepCandidate | (() => Promise<RipgrepCandidate>);

/** What the error tells the person to do, where the caller does not say (the extension's case). */
const SETTING_ADVICE = 'Install ripgrep or point the ripgrep path setting at its binary.';

export async function locateRipgrep(sources: readonly RipgrepSource[], advice = SETTING_ADVICE): Promise<string> {
  const looked: RipgrepCandidate[] = [];
  for (const source of sources) {
    const candidate = typeof source === 'function' ? await source() : source;
    looked.push(candidate);
    if (candidate.path !== undefined && (await isExecutable(candidate.path))) {
      return candidate.path;
    }
  }
  const places = looked.map((candidate) => `${candidate.source}${candidate.path ? ` (${candidate.path})` : ''}`).join('; ');
  throw new GlobError('ripgrepNotFound', `ripgrep was not found. Looked in: ${places}. ${advice}`);
}

/**
 * The binary of the `@vscode/ripgrep` package this project depends on. That package is an ES
 * module whose only job is to resolve the binary of its per-platform package; resolving that
 * binary the same way directly spares the command line Node's ES module loader, about 15 ms of
 * every start before ripgrep can run. A unit test checks that both name the same file; the
 * package's own answer stays the fallback.
 */
export async function packagedRipgrep(): Promise<RipgrepCandidate> {
  const found = platformPackageBinary() ?? (await importedRipgrepPath());
  if (found === undefined) {
    return { source: 'the @vscode/ripgrep package (not installed)', path: undefined };
  }
  // Inside a packaged extension the binary sits unpacked next to the asar archive.
  return { source: 'the @vscode/ripgrep package', path: found.replace(/\bnode_modules\.asar\b/, 'node_modules.asar.unpacked') };
}

/** The binary as @vscode/ripgrep 1.18 finds it: in `@vscode/ripgrep-<platform>-<arch>`. */
function platformPackageBinary(): string | undefined {
  const arch = process.env.npm_config_arch || process.arch;
  try {
    return require.resolve(`@vscode/ripgrep-${process.platform}-${arch}/bin/${BINARY}`);
  } catch {
    return undefined;
  }
}

/** The binary as the package itself names it. */
export async function importedRipgrepPath(): Promise<string | undefined> {
  try {
    return ((await import('@vscode/ripgrep')) as { rgPath: string }).rgPath;
  } catch {
    return undefined;
  }
}

/** `rg` on PATH. */
export async function ripgrepOnPath(): Promise<RipgrepCandidate> {
  for (const directory of (process.env.PATH ?? '').split(nodePath.delimiter)) {
    if (directory !== '') {
      const path = nodePath.join(directory, BINARY);
      if (await isExecutable(path)) {
        return { source: 'rg on PATH', path };
      }
    }
  }
  return { source: 'rg on PATH', path: undefined };
}

export async function isExecutable(path: string): Promise<boolean> {
  try {
    const stats = await fs.stat(path);
    await fs.access(path, constants.X_OK);
    return stats.isFile();
  } catch {
    return false;
  }
}
