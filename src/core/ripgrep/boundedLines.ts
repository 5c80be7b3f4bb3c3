/**
 * Collects ripgrep's stderr as lines, keeping the first `limit` bytes and counting every line.
 * The bytes are decoded as one stream: a pipe hands them over in chunks that may end inside a
 * character, and decoded chunk by chunk, a name's "é" split between two came out as two "�"
 * in the warning quoted to the model.
 */

import { StringDecoder } from 'node:string_decoder';

export class BoundedLines {
  private readonly decoder = new StringDecoder('utf8');
  private text = '';
  /** Bytes given to the decoder; the limit counts bytes, as the pipe does, not characters. */
  private kept = 0;
  /** Bytes were left out past the limit. */
  private cut = false;
  private newlines = 0;
  private lastByte = 0x0a;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    for (const byte of chunk) {
      if (byte === 0x0a) {
        this.newlines += 1;
      }
    }
    this.lastByte = chunk[chunk.length - 1] ?? this.lastByte;
    const room = this.limit - this.kept;
    this.cut ||= chunk.length > room;
    if (room > 0) {
      const taken = Math.min(room, chunk.length);
      this.text += this.decoder.write(chunk.subarray(0, taken));
      this.kept += taken;
    }
  }

  lineCount(): number {
    return this.newlines + (this.lastByte === 0x0a ? 0 : 1);
  }

  /**
   * The lines examined, empty ones too: a name can hold a blank line ("x\n\ny"), and without it the
   * message read "./x\ny" and was three warnings, problems that "may" hide files (warningMessages
   * leaves out an empty line that continues no message). Not a line the limit cut short: read,
   * it was quoted as a problem that may hide files ("rg: ./link-0956: IO error for operation on
   * ./li"); left out, it is counted with the lines past the limit.
   */
  lines(): string[] {
    // Bytes of a character stderr ended inside of are shown as "�" rather than lost.
    this.text += this.decoder.end();
    const lines = this.text.split('\n');
    if (this.cut || lines[lines.length - 1] === '') {
      lines.pop();
    }
    return lines;
  }
}
