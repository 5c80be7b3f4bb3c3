import type { LineChunk } from '../../../src/core/spill/shownLines';

/** A chunk of the complete list as text, whether it came as text or as UTF-8 bytes. */
export function chunkText(chunk: LineChunk): string {
  return 'text' in chunk ? chunk.text : chunk.bytes.toString('utf8');
}
