/**
 * Runs a search on a worker thread of its own (globWorker.ts) and hands back the same GlobSearch
 * an in-process search gives. The calling thread only sends and receives messages, so the VS Code
 * extension host never waits on the search, even over a million files; on its own thread the
 * search may read file times with statSync, which is the faster way.
 *
 * What cannot cross threads is not offered here: an injected clock or timer (tests that need one
 * run the search in-process with searchGlob).
 */

import * as nodePath from 'node:path';
import { Worker } from 'node:worker_threads';
import { GlobError } from '../errors';
import { rulesForScope, type GlobOptions, type GlobSearch } from '../glob';
import type { GlobRequest } from '../request';
import type { GlobResult, PagePath } from '../result';
import type { FromWorker, SentError, ToWorker } from './protocol';

/**
 * Where the worker's script is: beside this module when compiled by tsc, and beside the bundle
 * (dist/globWorker.js) when bundled, since a bundle's __dirname is its own folder.
 */
export const WORKER_SCRIPT = nodePath.join(__dirname, 'globWorker.js');

export function searchGlobInWorker(request: GlobRequest, options: GlobOptions): Promise<GlobSearch> {
  const worker = new Worker(WORKER_SCRIPT);
  const pages = new Map<number, { resolve: (result: GlobResult) => void; reject: (error: Error) => void }>();
  let nextPage = 0;
  let settleSearch: { resolve: (total: number) => void; reject: (error: Error) => void } | undefined;
  const searched = new Promise<number>((resolve, reject) => (settleSearch = { resolve, reject }));

  const failAll = (error: Error): void => {
    settleSearch?.reject(error);
    for (const page of pages.values()) {
      page.reject(error);
    }
    pages.clear();
  };
  worker.on('message', (message: FromWorker) => {
    switch (message.type) {
      case 'ripgrep':
        options.onRipgrep?.(message.event);
        break;
      case 'progress':
        options.onProgress?.(message.matches);
        break;
      case 'searched':
        settleSearch?.resolve(message.total);
        break;
      case 'page':
        pages.get(message.id)?.resolve(revive(message.result));
        pages.delete(message.id);
        break;
      case 'failed':
        if (message.id === undefined) {
          settleSearch?.reject(received(message.error));
        } else {
          pages.get(message.id)?.reject(received(message.error));
          pages.delete(message.id);
        }
        break;
    }
  });
  worker.on('error', (error) => failAll(new GlobError('ripgrepFailed', `The search thread failed: ${error.message}`)));
  worker.on('exit', () => failAll(new GlobError('ripgrepFailed', 'The search thread ended before it answered.')));

  const abort = (): void => worker.postMessage({ type: 'abort' } satisfies ToWorker);
  if (options.signal?.aborted) {
    abort();
  }
  options.signal?.addEventListener('abort', abort, { once: true });

  worker.postMessage({
    type: 'search',
    request: { ...request, pattern: request.pattern.source },
    options: {
      ripgrepPath: options.ripgrepPath,
      timeoutMs: options.timeoutMs,
      rules: request.scopes.map((scope) => rulesForScope(options, scope)),
      spillDirectory: options.spillDirectory,
      spillLimits: options.spillLimits,
      maxPaths: options.maxPaths,
      progress: options.onProgress !== undefined,
    },
  } satisfies ToWorker);

  const dispose = (): void => {
    options.signal?.removeEventListener('abort', abort);
    worker.removeAllListeners('exit');
    void worker.terminate();
  };
  return searched.then(
    (total) => ({
      total,
      page: (maxResults: number) =>
        new Promise<GlobResult>((resolve, reject) => {
          const id = nextPage;
          nextPage += 1;
          pages.set(id, { resolve, reject });
          worker.postMessage({ type: 'page', id, maxResults } satisfies ToWorker);
        }),
      dispose,
    }),
    (error: unknown) => {
      dispose();
      throw error;
    },
  );
}

function received(error: SentError): Error {
  return error.kind ? new GlobError(error.kind, error.message, error.stderr) : new Error(error.message);
}

/** Structured cloning turns a Buffer into a plain Uint8Array; names that are bytes stay Buffers. */
function revive(result: GlobResult): GlobResult {
  const page = result.page.map((path): PagePath =>
    typeof path.absolutePath === 'string' ? path : { ...path, absolutePath: Buffer.from(path.absolutePath as Uint8Array) },
  );
  return { ...result, page };
}
