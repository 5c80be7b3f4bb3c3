/**
 * Splits ripgrep's `--null` output into names. Names are NUL-terminated, so a newline inside a
 * name never splits it, and a chunk boundary can fall anywhere, even inside a multi-byte
 * character. A tail without its NUL is a name cut off by a kill, never a real one, so it is
 * dropped. Names that end with the required suffix in another case of its ASCII letters are
 * passed on too: they are rare, the pattern still turns them away, and a search that matches
 * nothing can then name the files that match when case is ignored (caseless.ts).
 */

import { decodeName, type RawName } from '../names';

export class NulSeparatedNames {
  private pending: Buffer | undefined;
  /** The required suffix with the case of each ASCII letter swapped. */
  private readonly suffixOtherCase: Uint8Array | undefined;
  /** Every complete name seen, passed on or not. */
  count = 0;

  constructor(
    /** Gets each name with how many names ripgrep has printed so far, this one included. */
    private readonly onName: (name: RawName, listed: number) => void,
    /** ripgrep prints `\` between segments on Windows; the engine works with `/` throughout. */
    private readonly windows = process.platform === 'win32',
    /** Bytes every wanted name ends with; other names are dropped before they are decoded. */
    private readonly requiredSuffix?: Buffer,
  ) {
    this.suffixOtherCase = requiredSuffix?.map((byte) => (isAsciiLetter(byte) ? byte ^ 0x20 : byte));
  }

  push(chunk: Buffer): void {
    let data = chunk;
    if (this.pending) {
      data = Buffer.concat([this.pending, chunk]);
      this.pending = undefined;
    }
    let start = 0;
    const suffix = this.requiredSuffix;
    const otherCase = this.suffixOtherCase;
    for (let end = data.indexOf(0, start); end !== -1; end = data.indexOf(0, start)) {
      if (end > start) {
        this.count += 1;
        if (!suffix || !otherCase || endsWith(data, end, suffix, otherCase)) {
          this.emit(decodeName(data, start, end));
        }
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
      this.onName(name.replace(/\\/g, '/'), this.count);
    } else {
      this.onName(name, this.count);
    }
  }
}

/**
 * True when the bytes just before `end` are `suffix`, each byte as it is or as in `otherCase` (a
 * byte loop: suffixes are a few bytes).
 */
function endsWith(data: Buffer, end: number, suffix: Buffer, otherCase: Uint8Array): boolean {
  const offset = end - suffix.length;
  if (offset < 0) {
    return false;
  }
  for (let i = 0; i < suffix.length; i += 1) {
    const byte = data[offset + i];
    if (byte !== suffix[i] && byte !== otherCase[i]) {
      return false;
    }
  }
  return true;
}

function isAsciiLetter(byte: number): boolean {
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}
