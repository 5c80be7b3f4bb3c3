/**
 * The one error type the engine throws. Its message is written for the model that called the
 * tool: what went wrong and what to try next. `kind` lets the command line, the VS Code adapter
 * and the tests tell cases apart without parsing prose.
 */

export type GlobErrorKind =
  /** The input breaks the schema or the rules (empty pattern, NUL byte, wrong type). */
  | 'invalidInput'
  /** The pattern is not a valid glob; the message carries ripgrep's own reason. */
  | 'invalidGlob'
  /** `path` does not exist. */
  | 'pathNotFound'
  /** `path` exists but is not a directory. */
  | 'pathNotDirectory'
  /** `path` lies inside version-control metadata, which is never listed. */
  | 'pathInMetadata'
  /** No ripgrep binary could be found or started. */
  | 'ripgrepNotFound'
  /** ripgrep stopped with an error and produced nothing usable. */
  | 'ripgrepFailed';

export class GlobError extends Error {
  override readonly name = 'GlobError';

  constructor(
    readonly kind: GlobErrorKind,
    message: string,
    /** What ripgrep said, for logs; never needed to understand the message. */
    readonly stderr?: string,
  ) {
    super(message);
  }
}

export function isGlobError(value: unknown): value is GlobError {
  return value instanceof GlobError;
}
