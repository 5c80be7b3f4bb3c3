/**
 * The tool's input as a model sends it, checked against the schema in package.json
 * (`contributes.languageModelTools[0].inputSchema`; a manifest test keeps the two in step).
 * Models send wrong types and invented fields; each gets an error that says what to send instead.
 */

import { GlobError } from '../errors';

export interface GlobInput {
  /** ripgrep/gitignore-style glob (SPEC §1). */
  readonly pattern: string;
  /** Directory to search: absolute, or relative to the workspace. Default: every workspace folder. */
  readonly path?: string;
  /** Also match files hidden by ignore files and excludes. @default false */
  readonly includeIgnored?: boolean;
}

/** Every field the tool takes, with its JSON type, and whether it is required. */
export const GLOB_INPUT_FIELDS = {
  pattern: { type: 'string', required: true },
  path: { type: 'string', required: false },
  includeIgnored: { type: 'boolean', required: false },
} as const;

const USAGE = 'The glob tool takes {"pattern": string, "path"?: string, "includeIgnored"?: boolean}, for example {"pattern": "src/**/*.ts"}.';

export function parseGlobInput(raw: unknown): GlobInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalid(`The input must be a JSON object, not ${describe(raw)}. ${USAGE}`);
  }
  const record = raw as Record<string, unknown>;
  // Object.hasOwn, not `in`: `in` would also accept "constructor", "toString", "__proto__"…
  const unknownFields = Object.keys(record).filter((key) => !Object.hasOwn(GLOB_INPUT_FIELDS, key));
  if (unknownFields.length > 0) {
    const advice = [...new Set(unknownFields.map(adviceForField).filter((text) => text !== undefined))];
    throw invalid([`Unknown input field ${unknownFields.map((key) => `"${key}"`).join(', ')}. ${USAGE}`, ...advice].join(' '));
  }

  const { pattern, path, includeIgnored } = record;
  if (pattern === undefined || pattern === null) {
    throw invalid(`"pattern" is required. ${USAGE}`);
  }
  if (typeof pattern !== 'string') {
    throw invalid(`"pattern" must be a string, not ${describe(pattern)}. ${USAGE}`);
  }
  if (pattern.trim() === '') {
    throw invalid('"pattern" is empty. Give a glob such as "*" (every file), "*.ts" (by name at any depth) or "src/**/*.ts" (under src/).');
  }
  if (pattern.includes('\0')) {
    throw invalid('"pattern" contains a NUL character, which no file name can contain. Remove it.');
  }
  if (path !== undefined && path !== null && typeof path !== 'string') {
    throw invalid(`"path" must be a string (a directory), not ${describe(path)}. Omit it to search the whole workspace.`);
  }
  if (typeof path === 'string' && path.includes('\0')) {
    throw invalid('"path" contains a NUL character, which no path can contain. Remove it.');
  }
  if (includeIgnored !== undefined && includeIgnored !== null && typeof includeIgnored !== 'boolean') {
    throw invalid(`"includeIgnored" must be true or false, not ${describe(includeIgnored)}.`);
  }
  return {
    pattern,
    // Only an empty "path" is none: " " names a directory of that name, which the footer offers
    // as "path" for one; taken for none, it searched the whole workspace again.
    ...(typeof path === 'string' && path !== '' ? { path } : {}),
    ...(includeIgnored === true ? { includeIgnored } : {}),
  };
}

/**
 * What to do instead of fields that models carry over from other file-search tools. Keys are
 * lower case without `_` or `-`, so `max_results` and `maxResults` meet; a Map, so names like
 * "constructor" find nothing.
 */
const FIELD_ADVICE = new Map<string, string>([
  ...aliases(['query', 'glob', 'globpattern', 'include', 'includepattern', 'filepattern', 'name', 'filename'], 'Put the glob in "pattern".'),
  ...aliases(['directory', 'dir', 'cwd', 'folder', 'root', 'searchpath', 'basepath', 'base', 'searchdirectory'], 'Put the directory to search in "path".'),
  ...aliases(
    ['maxresults', 'limit', 'max', 'count', 'pagesize', 'top'],
    'The page size is the person\'s setting (workspaceGlob.maxResults), not an input: when more files match, the footer says how to read the complete list.',
  ),
  ...aliases(['exclude', 'excludepattern', 'ignore', 'excludes'], 'There is no exclude field: one pattern is matched, so narrow "path" or the pattern (a leading "!" selects every file the rest does not match).'),
  ...aliases(['casesensitive', 'caseinsensitive', 'ignorecase'], 'Matching is always case-sensitive; a class such as "[Rr]eadme*" matches either case.'),
  ...aliases(['noignore', 'includeignoredfiles', 'respectgitignore', 'usegitignore', 'hidden', 'includehidden'], 'Hidden (dot) files are always searched; to also search files hidden by ignore files and excludes, pass "includeIgnored": true.'),
]);

function aliases(names: readonly string[], advice: string): Array<[string, string]> {
  return names.map((name) => [name, advice]);
}

function adviceForField(field: string): string | undefined {
  return FIELD_ADVICE.get(field.toLowerCase().replace(/[-_]/g, ''));
}

function invalid(message: string): GlobError {
  return new GlobError('invalidInput', message);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) {
    return 'an array';
  }
  if (value === null) {
    return 'null';
  }
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}
