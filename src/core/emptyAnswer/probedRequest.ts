/**
 * The request the empty answer's looks run (missingDirectory.ts, nearMatches.ts, ignoredProbe.ts,
 * searchedDirectories.ts): the pattern with an empty alternative written out (emptyAlternative.ts),
 * where it has one. ripgrep drops the empty alternative, and so did each look, so every pattern
 * the answer offered kept the slip: for "nope/*.y{a,}ml", "**\/*.y{a,}ml" was said to find the
 * files elsewhere, and missed each .yml one among them.
 */

import { compilePattern } from '../pattern/pattern';
import type { GlobRequest } from '../request/request';
import { emptyAlternativeIn } from './emptyAlternative';

export function probedRequest(request: GlobRequest): GlobRequest {
  // A negation's empty alternative is not offered in an empty answer (emptyResult.ts): dropped,
  // it left out fewer files, never more. The pattern is read with "/" between its segments, and a
  // Windows one holds no "\" any more (request.ts), so "\" escapes, as on POSIX.
  const writtenOut = request.pattern.negated ? undefined : emptyAlternativeIn(request.pattern.source, true)?.writtenOut;
  return writtenOut === undefined ? request : { ...request, pattern: compilePattern(writtenOut) };
}
