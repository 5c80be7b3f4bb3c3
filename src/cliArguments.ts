/**
 * The command line's arguments (SPEC §8) read into one search to run, the help, or a usage error
 * in the tool's own words: Node's parseArgs words its errors for programmers ("argument is
 * ambiguous" for `--max-results -1`, an unbalanced quote for an unknown option).
 */

import { parseArgs } from 'node:util';

export const USAGE = 'usage: workspace-glob [--json] [--max-results N] [--include-ignored] [--timeout-seconds S] PATTERN [PATH]';

export interface CommandLineSearch {
  readonly kind: 'search';
  readonly pattern: string;
  readonly path?: string;
  readonly json: boolean;
  readonly includeIgnored: boolean;
  readonly maxResults?: number;
  readonly timeoutSeconds?: number;
}

export type CommandLine = CommandLineSearch | { readonly kind: 'help' } | { readonly kind: 'usageError'; readonly message: string };

/**
 * Each number option and the least it takes. A time limit is a millisecond at least: a timer waits
 * that long at the least, so "--timeout-seconds 1e-300" was a millisecond all the same, while the
 * footer said "1e-300 s". A longer limit than a timer holds is taken, as no limit (stopper.ts),
 * also one past the largest number ("1e400"), which was refused as not a positive number. So is a
 * page size past it (a 400-digit one), as no bound on the page, as 1e300 is: it was "needs a
 * positive whole number", which it is.
 */
const NUMBER_OPTIONS = {
  'max-results': { integer: true, least: 1, leastSaid: '1' },
  'timeout-seconds': { integer: false, least: 0.001, leastSaid: '0.001 (a millisecond)' },
} as const;
/** The options parseArgs reads; the advice for an unknown one keeps these before "--". */
const OPTIONS = {
  json: { type: 'boolean', default: false },
  'max-results': { type: 'string' },
  'include-ignored': { type: 'boolean', default: false },
  'timeout-seconds': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Decimal only: `Number` also reads "0x10" as 16 and "" as 0. */
const WHOLE_NUMBER = /^\d+$/;
const DECIMAL_NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function readCommandLine(argv: readonly string[]): CommandLine {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS });
  } catch (error) {
    return { kind: 'usageError', message: argumentProblem(argv, error as NodeJS.ErrnoException) };
  }
  const { values, positionals } = parsed;
  if (values.help) {
    return { kind: 'help' };
  }
  if (positionals.length < 1 || positionals.length > 2) {
    return { kind: 'usageError', message: positionals.length === 0 ? 'PATTERN is missing' : 'too many arguments (quote the pattern so the shell does not expand it)' };
  }
  const numbers: { maxResults?: number; timeoutSeconds?: number } = {};
  for (const [option, { integer, least, leastSaid }] of Object.entries(NUMBER_OPTIONS)) {
    const text = values[option as keyof typeof NUMBER_OPTIONS];
    if (text === undefined) {
      continue;
    }
    const value = positiveNumber(text, integer);
    if (value === undefined) {
      return { kind: 'usageError', message: numberNeeded(option, integer, text) };
    }
    if (value < least) {
      return { kind: 'usageError', message: `--${option} needs at least ${leastSaid}, not ${JSON.stringify(text)}` };
    }
    numbers[option === 'max-results' ? 'maxResults' : 'timeoutSeconds'] = value;
  }
  const [pattern, path] = positionals;
  return { kind: 'search', pattern, ...(path !== undefined ? { path } : {}), json: values.json, includeIgnored: values['include-ignored'], ...numbers };
}

function positiveNumber(text: string, integer: boolean): number | undefined {
  const value = Number(text);
  const written = (integer ? WHOLE_NUMBER : DECIMAL_NUMBER).test(text);
  return written && value > 0 ? value : undefined;
}

function numberNeeded(option: string, integer: boolean, text: string): string {
  return `--${option} needs a positive ${integer ? 'whole ' : ''}number, not ${JSON.stringify(text)}`;
}

/** What parseArgs found wrong, as the tool says it. */
function argumentProblem(argv: readonly string[], error: NodeJS.ErrnoException): string {
  // parseArgs names the option as written ('--bogus'), or with its value's placeholder
  // ('--max-results <value>', for a value that is missing), or with its short form first
  // ('-h, --help'), of which the long one is taken.
  const option = /'(?:-[^-' ], )?(-[^' ]*)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    const written = argumentHolding(argv, option);
    const within = written === option ? '' : ` in ${JSON.stringify(written)}`;
    return `unknown option ${JSON.stringify(option)}${within}; a pattern or path that starts with "-" goes after "--" (${withEndOfOptions(argv, written)})`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) {
    const name = option.replace(/^--/, '');
    if (name in NUMBER_OPTIONS) {
      // The value is missing, or starts with a dash ("--max-results -1"), which parseArgs will not
      // take: the one that failed is after the last such use of the option.
      let at = argv.length - 1;
      while (at > 0 && !(argv[at] === option && (argv[at + 1] === undefined || argv[at + 1].startsWith('-')))) {
        at -= 1;
      }
      const given = argv[at + 1];
      const integer = NUMBER_OPTIONS[name as keyof typeof NUMBER_OPTIONS].integer;
      return given === undefined ? `${option} needs a positive ${integer ? 'whole ' : ''}number after it` : numberNeeded(name, integer, given);
    }
    return `${option} takes no value`;
  }
  return error.message.split('\n')[0];
}

/**
 * The argument an unknown option came from, as written: parseArgs names only the option, and of
 * "-dash.txt" (a pattern for a file of that name) only its first letter, "-d", read as a short
 * option; the advice to put the pattern after "--" must quote all of it, or it searches for "-d".
 */
function argumentHolding(argv: readonly string[], option: string): string {
  const end = argv.indexOf('--');
  const options = end < 0 ? argv : argv.slice(0, end);
  const holds = option.startsWith('--')
    ? (arg: string): boolean => arg === option || arg.startsWith(`${option}=`)
    : (arg: string): boolean => arg.startsWith('-') && !arg.startsWith('--') && arg.includes(option.slice(1), 1);
  return options.find(holds) ?? option;
}

/**
 * The command again with "--" after the options it knows, and the argument `written` after it with
 * the others, in their order: "--" ends the options, so the pattern before a "-path" ("'*' -dist")
 * must come after it too, or following the advice searches for "-dist" alone.
 */
function withEndOfOptions(argv: readonly string[], written: string): string {
  const options: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      rest.push(...argv.slice(i + 1));
      break;
    }
    const name = /^--([^=]+)/.exec(arg)?.[1];
    if (arg !== written && (arg === `-${OPTIONS.help.short}` || (name !== undefined && Object.hasOwn(OPTIONS, name)))) {
      options.push(arg);
      if (name !== undefined && name in NUMBER_OPTIONS && !arg.includes('=') && i + 1 < argv.length) {
        i += 1;
        options.push(argv[i]);
      }
    } else {
      rest.push(arg);
    }
  }
  return ['workspace-glob', ...options, '--', ...rest].map((arg) => shellWord(arg)).join(' ');
}

/** Characters a shell reads as themselves: an argument of only these needs no quotes. */
const PLAIN_WORD = /^[\w@%+=:,./-]+$/;

/**
 * An argument as a shell takes it back unchanged: in single quotes for a POSIX shell, which
 * expand nothing inside them (in double quotes, "-$x.txt" searched for "-.txt"); in double
 * quotes on Windows, whose cmd.exe has no single quotes.
 */
function shellWord(arg: string): string {
  if (PLAIN_WORD.test(arg)) {
    return arg;
  }
  return process.platform === 'win32' ? JSON.stringify(arg) : `'${arg.replace(/'/g, "'\\''")}'`;
}
