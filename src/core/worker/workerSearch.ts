/**
 * Runs a search on a search thread (globWorker.ts, from the bounded set in searchThreads.ts) and
 * hands back the same GlobSearch an in-process search gives. The calling thread only sends and
 * receives messages, so the VS Code extension host never waits on the search, even over a
 * million files (ripgrep's output is read, matched, ordered and grouped on the worker; file
 * times on its stat pool).
 *
 * The time limit runs on the calling thread, from the call: a search that waits for a thread
 * waits within it, and its expiry reaches the search thread as a message. What cannot cross
 * threads is not offered here: an injected clock (tests that need one run the search in-process
 * with searchGlob).
 */

import * as nodePath from 'node:path';
import { GlobError } from '../errors';
import { rulesForScope, searchGlob, type GlobOptions, type GlobSearch } from '../glob';
import type { GlobRequest } from '../request/request';
import type { GlobResult, PagePath } from '../page/result';
import type { FromWorker, SentError, ToWorker } from './protocol';
import { SearchThreads } from './searchThreads';
import { realTimer, Stopper, type StartTimer } from '../walk/stopper';

/**
 * Where the worker's script is: beside this module when compiled by tsc, and beside the bundle
 * (dist/globWorker.js) when bundled, since a bundle's __dirname is its own folder.
 */
export const WORKER_SCRIPT = nodePath.join(__dirname, 'globWorker.js');

const threads = new SearchThreads(WORKER_SCRIPT);

/** A timer that has expired already: a search given it stops, with the reason "timeout", as it starts. */
const expired: StartTimer = (_milliseconds, onExpiry) => {
  onExpiry();
  return () => undefined;
};

export async function searchGlobInWorker(request: GlobRequest, options: GlobOptions): Promise<GlobSearch> {
  // Started here, before the wait for a thread: the limit started on the search thread counted
  // none of it, and behind busy threads a search with a 0.3 s limit answered after 6 s.
  const limit = new Stopper(options.signal, options.timeoutMs, options.startTimer ?? realTimer);
  const worker = await threads.acquire(limit.signal);
  if (!worker) {
    limit.dispose();
    // Stopped while waiting for a thread: the in-process search, already stopped, starts no
    // ripgrep and answers at once with the same "cancelled" or "timeout" result.
    return searchGlob(request, limit.reason === 'timeout' ? { ...options, startTimer: expired } : options);
  }
  const pages = new Map<number, { resolve: (result: GlobResult) => void; reject: (error: Error) => void }>();
  let nextPage = 0;
  let settleSearch: { resolve: (total: number) => void; reject: (error: Error) => void } | undefined;
  const searched = new Promise<number>((resolve, reject) => (settleSearch = { resolve, reject }));
  // The limit ends with the search, as it does in-process: the pages and the complete list are not bounded by it.
  const endLimit = (): void => limit.dispose();
  searched.then(endLimit, endLimit);

  const rejectPages = (error: Error): void => {
    for (const page of pages.values()) {
      page.reject(error);
    }
    pages.clear();
  };
  const failAll = (error: Error): void => {
    settleSearch?.reject(error);
    rejectPages(error);
  };
  const onMessage = (message: FromWorker): void => {
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
  };
  const onError = (error: Error): void => failAll(new GlobError('ripgrepFailed', `The search thread failed: ${error.message}`));
  const onExit = (): void => failAll(new GlobError('ripgrepFailed', 'The search thread ended before it answered.'));
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);

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
      stopped: options.signal?.aborted === true,
    },
  } satisfies ToWorker);
  // After the search message: the worker takes messages in order, and each search starts with a
  // fresh stop signal (a stop before it is sent travels with it).
  const abort = (): void => worker.postMessage({ type: 'abort' } satisfies ToWorker);
  options.signal?.addEventListener('abort', abort, { once: true });
  const expire = (): void => {
    if (limit.reason === 'timeout') {
      worker.postMessage({ type: 'timeout' } satisfies ToWorker);
    }
  };
  if (limit.signal.aborted) {
    expire();
  } else {
    limit.signal.addEventListener('abort', expire, { once: true });
  }

  let finished = false;
  let disposed = false;
  const dispose = (): void => {
    if (disposed) {
      return;
    }
    disposed = true;
    options.signal?.removeEventListener('abort', abort);
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    // A search that was stopped or failed, or still had a page to give, may still be busy: its
    // thread is ended, not reused, and a page still awaited is refused rather than left hanging.
    const reusable = finished && !options.signal?.aborted && pages.size === 0;
    rejectPages(new Error('This search was disposed before the page was ready.'));
    threads.release(worker, reusable);
  };
  const page = (maxResults: number): Promise<GlobResult> =>
    new Promise<GlobResult>((resolve, reject) => {
      // The thread may already serve another search, whose data this page must never show.
      if (disposed) {
        reject(new Error('This search was disposed; run it again for another page.'));
        return;
      }
      const id = nextPage;
      nextPage += 1;
      pages.set(id, { resolve, reject });
      worker.postMessage({ type: 'page', id, maxResults } satisfies ToWorker);
    });
  return searched.then(
    (total) => {
      finished = true;
      return { total, page, dispose };
    },
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
