/**
 * The search's own thread. It runs the whole search (ripgrep, matching, reading every file's
 * time itself or on the stat pool, ordering, grouping, saving the complete list) and answers
 * page requests, so the thread that asked never blocks, however large the tree. It serves one
 * search at a time; 'release' drops the finished one so the thread can serve the next.
 */

import { parentPort } from 'node:worker_threads';
import { yieldToOtherThreads } from './threadPriority';
import { GlobError } from '../errors';
import { searchGlob, type GlobSearch } from '../glob';
import { ownThreadStatMode } from '../walk/modifiedTimes';
import type { StartTimer } from '../walk/stopper';
import { compilePattern } from '../pattern/pattern';
import type { FromWorker, SentError, ToWorker } from './protocol';

const port = parentPort;
if (!port) {
  throw new Error('globWorker runs only as a worker thread');
}
yieldToOtherThreads();
const post = (message: FromWorker): void => port.postMessage(message);
let controller = new AbortController();
let search: Promise<GlobSearch> | undefined;
/** Ends the current search at its time limit, which the thread that asked for it keeps. */
let expireTimeLimit: (() => void) | undefined;
/** The search's timer: one the asking thread fires with a 'timeout' message. */
const timerOfAskingThread: StartTimer = (_milliseconds, onExpiry) => {
  expireTimeLimit = onExpiry;
  return () => {
    expireTimeLimit = undefined;
  };
};

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'search': {
      controller = new AbortController();
      const { request, options } = message;
      if (options.stopped) {
        controller.abort();
      }
      const scopes = request.scopes;
      search = searchGlob(
        { ...request, pattern: compilePattern(request.pattern) },
        {
          ripgrepPath: options.ripgrepPath,
          timeoutMs: options.timeoutMs,
          startTimer: timerOfAskingThread,
          signal: controller.signal,
          rules: (scope) => options.rules[scopes.indexOf(scope)],
          spillDirectory: options.spillDirectory,
          spillLimits: options.spillLimits,
          maxPaths: options.maxPaths,
          // This thread is the search's own: nothing else waits while it reads times itself.
          statMode: ownThreadStatMode(),
          onRipgrep: (event) => post({ type: 'ripgrep', event }),
          ...(options.progress ? { onProgress: (matches: number) => post({ type: 'progress', matches }) } : {}),
        },
      );
      search.then(
        (done) => post({ type: 'searched', total: done.total }),
        (error: unknown) => post({ type: 'failed', error: sent(error) }),
      );
      break;
    }
    case 'page':
      void (async () => {
        try {
          const done = await (search ?? Promise.reject(new Error('no search to page')));
          post({ type: 'page', id: message.id, result: await done.page(message.maxResults) });
        } catch (error) {
          post({ type: 'failed', id: message.id, error: sent(error) });
        }
      })();
      break;
    case 'abort':
      controller.abort();
      break;
    case 'timeout':
      expireTimeLimit?.();
      break;
    case 'release':
      search = undefined;
      break;
  }
});

function sent(error: unknown): SentError {
  if (error instanceof GlobError) {
    return { kind: error.kind, message: error.message, ...(error.stderr ? { stderr: error.stderr } : {}) };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
