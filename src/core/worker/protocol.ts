/**
 * Messages between a search's worker thread and the thread that asked for it. Everything here
 * survives structured cloning: the compiled pattern travels as its source, per-walk rules are
 * resolved before they are sent, and errors travel as their kind and message.
 */

import type { RipgrepEvent } from '../ripgrep/reported';
import type { GlobErrorKind } from '../errors';
import type { ScopeRules } from '../glob';
import type { GlobRequest } from '../request/request';
import type { GlobResult } from '../page/result';
import type { SpillLimits } from '../spill/spill';

/** A request with its pattern as source text, recompiled on the other side. */
export type SentRequest = Omit<GlobRequest, 'pattern'> & { readonly pattern: string };

export interface SentOptions {
  readonly ripgrepPath: string;
  /** The limit as set, for the answer's words; its expiry comes as a 'timeout' message. */
  readonly timeoutMs?: number;
  /** The rules of each of the request's scopes, in order. */
  readonly rules: readonly ScopeRules[];
  readonly spillDirectory?: string;
  readonly spillLimits?: SpillLimits;
  readonly maxPaths?: number;
  /** Whether to send progress messages at all. */
  readonly progress: boolean;
  /** Stopped before it was sent: the search must not start ripgrep at all. */
  readonly stopped: boolean;
}

export type ToWorker =
  | { readonly type: 'search'; readonly request: SentRequest; readonly options: SentOptions }
  | { readonly type: 'page'; readonly id: number; readonly maxResults: number }
  | { readonly type: 'abort' }
  /** The search's time limit, which runs on the thread that asked for it, has passed. */
  | { readonly type: 'timeout' }
  /** The search is done with: let its data go; the thread may serve another. */
  | { readonly type: 'release' };

export type FromWorker =
  | { readonly type: 'ripgrep'; readonly event: RipgrepEvent }
  | { readonly type: 'progress'; readonly matches: number }
  | { readonly type: 'searched'; readonly total: number }
  | { readonly type: 'page'; readonly id: number; readonly result: GlobResult }
  | { readonly type: 'failed'; readonly id?: number; readonly error: SentError };

export interface SentError {
  readonly kind?: GlobErrorKind;
  readonly message: string;
  readonly stderr?: string;
}
