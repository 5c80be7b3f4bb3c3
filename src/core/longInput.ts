/**
 * Long input, echoed short. Answers quote the caller's pattern and "path" back (the empty answer
 * three times over), and a model that pasted a file's text as the pattern got all of it back each
 * time: a pattern of 100,000 characters that matched nothing had an answer of 300,000, and a
 * "path" of 100 KB an error of 200 KB, which no page budget can shrink. Past ECHO_MAX_CHARS an
 * input is echoed as its start and its end around a count of what was left out, which is enough
 * for the model to know its own input again.
 *
 * The answer is shortened as a whole, once it is written: each place that quotes the input, as it
 * is or inside a pattern offered for it, as a JSON string or not, gets its middle replaced, and
 * no place that quotes it can be missed. A pattern offered is then shortened too:
 * the model that sent the input can still write it out, and one of 100,000 characters is of no
 * use as it is.
 */

import { quote } from './names';
import { number } from './words';

/**
 * Inputs longer than this are shortened where they are echoed: ten times a long path (a deep
 * workspace's absolute paths run to 150-250 characters), so no real pattern or "path" is.
 */
export const ECHO_MAX_CHARS = 2_000;
/** What is kept of a long input's start and of its end. */
const KEPT_START = 200;
const KEPT_END = 100;
/** How far a cut may move to fall between two plain characters. */
const CUT_SLACK = 16;

/**
 * Each way an answer writes an input: quoted as a name (names.ts), as a JSON string, as it is;
 * without the quotes. The escaped forms first: an input as it is can lie inside its escaped form
 * (3,000 backslashes inside the 6,000 of its JSON string), and was left out there twice.
 */
const QUOTINGS: ReadonlyArray<(text: string) => string> = [(text) => quote(text).slice(1, -1), (text) => JSON.stringify(text).slice(1, -1), (text) => text];

/** `text` with the middle of each long input in it left out, wherever it is quoted. */
export function withLongInputShortened(text: string, inputs: ReadonlyArray<string | undefined>): string {
  let shortened = text;
  for (const input of inputs) {
    if (input === undefined || input.length <= ECHO_MAX_CHARS) {
      continue;
    }
    const from = cutAt(input, KEPT_START);
    const head = input.slice(0, from);
    const middle = input.slice(from, cutAt(input, input.length - KEPT_END));
    const marker = leftOut(middle);
    // As written, and as each way of quoting writes it (the forms are equal for plain text). First
    // where the input's start comes before the middle, which is kept: the middle of an input that
    // repeats itself ("a\n" 50,000 times) is found first at the input's very start, and its start
    // was left out in place of it. Then the middle wherever else it is quoted.
    for (const form of QUOTINGS) {
      shortened = shortened.split(form(head + middle)).join(form(head) + marker);
    }
    for (const form of new Set(QUOTINGS.map((quoting) => quoting(middle)))) {
      shortened = shortened.split(form).join(marker);
    }
  }
  return shortened;
}

/** A long input as its start and end around how much was left out; any other as it is. */
export function echoed(input: string): string {
  if (input.length <= ECHO_MAX_CHARS) {
    return input;
  }
  const from = cutAt(input, KEPT_START);
  const to = cutAt(input, input.length - KEPT_END);
  return input.slice(0, from) + leftOut(input.slice(from, to)) + input.slice(to);
}

/** How much of an input `middle` is, in characters as a reader counts them (an emoji is one, not two code units). */
function leftOut(middle: string): string {
  let characters = 0;
  for (const _character of middle) {
    characters += 1;
  }
  return `…[${number(characters)} characters left out]…`;
}

/**
 * A place near `at` to cut: between two characters that every way of quoting writes alike and
 * alone (letters, digits, ".", "-", "_", " "), so a quoted input holds the quoted middle as it is;
 * a cut beside "</", an escape or half of a surrogate pair would not be found in it.
 */
function cutAt(text: string, at: number): number {
  for (let offset = 0; offset <= CUT_SLACK; offset += 1) {
    for (const place of [at + offset, at - offset]) {
      if (place > 0 && place < text.length && plain(text.charCodeAt(place - 1)) && plain(text.charCodeAt(place))) {
        return place;
      }
    }
  }
  // No plain pair near: at least a whole character on each side.
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at + 1 : at;
}

function plain(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) || code === 0x2e || code === 0x2d || code === 0x5f || code === 0x20;
}
