// Test side of the runInHost.js harness protocol (documented at the top of runInHost.js). Tests run
// inside the extension host and cannot reach the browser page, so they print one request line on
// the console (the runner receives it through the workbench) and wait for the runner's reply file.
import * as fs from 'fs';
import * as path from 'path';

const MARKER = '[workspace-glob-harness]';
const HARNESS_DIR_ENV = 'WORKSPACE_GLOB_HARNESS_DIR';
const DEFAULT_TIMEOUT_MS = 30_000;
const POLL_MS = 100;

/**
 * click: a Playwright selector (CSS by default); wait: the same, waited for until visible and not
 * touched; press: a key such as 'Enter'; type: literal text.
 */
export type UiActionKind = 'click' | 'wait' | 'press' | 'type';

let requestCount = 0;

/** True when a runner serves screenshot and UI requests (runInHost.js sets the variable). */
export function harnessAvailable(): boolean {
  return Boolean(process.env[HARNESS_DIR_ENV]);
}

/**
 * Saves a screenshot of the whole workbench as `<screenshot-dir>/<name>.png`; resolves once it is
 * written. Screenshots document, they assert nothing: without a runner this does nothing.
 */
export async function screenshot(name: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  if (!harnessAvailable()) {
    return;
  }
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
    throw new Error(`harness: screenshot name must match [A-Za-z0-9_.-]+, got ${JSON.stringify(name)}`);
  }
  await request('screenshot', name, timeoutMs);
}

/** Performs a UI action in the workbench page through Playwright; resolves once it is done. */
export async function uiAction(kind: UiActionKind, arg: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  await request(kind, arg, timeoutMs);
}

async function request(kind: string, arg: string, timeoutMs: number): Promise<void> {
  const dir = process.env[HARNESS_DIR_ENV];
  if (!dir) {
    throw new Error(`harness: ${HARNESS_DIR_ENV} is not set; run these tests through test/host/harness/runInHost.js`);
  }
  if (arg.trim() === '' || /[\r\n]/.test(arg)) {
    throw new Error(`harness: ${kind} needs a one-line, non-empty argument, got ${JSON.stringify(arg)}`);
  }
  // Unique across requests of this extension host, and safe as a file name.
  const id = `${process.pid}-${Date.now()}-${++requestCount}`;
  console.log(`${MARKER} ${id} ${kind} ${arg}`);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failure = readIfExists(path.join(dir, `${id}.failed`));
    if (failure !== undefined) {
      throw new Error(`harness: ${kind} ${JSON.stringify(arg)} failed: ${failure}`);
    }
    if (fs.existsSync(path.join(dir, `${id}.done`))) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`harness: no reply to ${kind} ${JSON.stringify(arg)} within ${timeoutMs} ms ` +
        '(the runner did not see the request line, or the page is stuck)');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
