/**
 * Splits ripgrep's `--null` output into names. Names are NUL-terminated, so a newline inside a
 * name never splits it, and a chunk boundary can fall anywhere, even inside a multi-byte
 * character. A tail without its NUL is a name cut off by a kill, never a real one, so it is
 * dropped.
 */

import { decodeName, type RawName } from '../names';

export class NulSeparatedNames {
  private pending: Buffer | undefined;

  constructor(
    private readonly onName: (name: RawName) => void,
    /** ripgrep prints `\` between segments on Windows; the engine works with `/` throughout. */
    private readonly windows = process.platform === 'win32',
  ) {}

  push(chunk: Buffer): void {
    let data = chunk;
    if (this.pending) {
      data = Buffer.concat([this.pending, chunk]);
      this.pending = undefined;
    }
    let start = 0;
    for (let end = data.indexOf(0, start); end !== -1; end = data.indexOf(0, start)) {
      if (end > start) {
        this.emit(decodeName(data, start, end));
      }
      start = end + 1;
    }
    if (start < data.length) {
      this.pending = Buffer.from(data.subarray(start));
    }
  }

  /** True when the output ended in the middle of a name. */
  get truncated(): boolean {
    return this.pending !== undefined;
  }

  private emit(name: RawName): void {
    if (this.windows && typeof name === 'string') {
      this.onName(name.replace(/\\/g, '/'));
    } else {
      this.onName(name);
    }
  }
}
