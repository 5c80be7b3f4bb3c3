/**
 * Narrows ripgrep's walk to one directory without lifting an ignore rule.
 *
 * Passing the directory as a path argument would be simpler, but ripgrep always walks a path it
 * is given, even an ignored one (`node_modules/foo` would be listed), and ripgrep's positive
 * `--glob` whitelists what it matches. Only negative globs never lift anything. So for each
 * level of the directory, one negative glob excludes every sibling whose name is not the wanted
 * one: for `src` that is `!/{[!s]*,s,s[!r]*,sr,sr[!c]*,src?*}` (names starting differently, the
 * proper prefixes, and longer names). The wanted directory is then walked, or skipped, by the
 * ordinary ignore rules, and ripgrep never reads the sibling subtrees.
 *
 * Flat alternates only: ripgrep 13 (still bundled by older VS Code builds) rejects nested ones.
 */

/**
 * Names longer than this are not narrowed: the glob grows with the square of the name's length,
 * and a real directory name this long is rare. The walk then covers the rest of that directory's
 * parent and the matcher still filters exactly, so only speed is lost.
 */
const MAX_NARROWED_NAME_LENGTH = 96;

/**
 * Narrowing stops before its globs pass this many characters in all. Each level's glob repeats
 * the path above it, so a pattern hundreds of directories deep would make ripgrep fail ("error
 * building NFA": ripgrep compiles every glob into one automaton, whose size it bounds; 400
 * levels of one-letter names still passed, 700 did not) or exceed the command line's limit
 * (spawn E2BIG). The walk then covers the rest and the matcher still filters exactly.
 */
const MAX_NARROWING_CHARACTERS = 32 * 1024;

/** Negative `--glob` values that confine the walk to `directories` (names from the walk root down). */
export function narrowingGlobs(directories: readonly string[]): string[] {
  const globs: string[] = [];
  let parent = '/';
  let characters = 0;
  for (const name of directories) {
    const chars = Array.from(name);
    if (chars.length === 0 || chars.length > MAX_NARROWED_NAME_LENGTH) {
      break;
    }
    const glob = `!${parent}{${siblingsOtherThan(chars).join(',')}}`;
    characters += glob.length;
    if (characters > MAX_NARROWING_CHARACTERS) {
      break;
    }
    globs.push(glob);
    parent += `${chars.map(escapeLiteral).join('')}/`;
  }
  return globs;
}

/**
 * A negative `--glob` that skips the directories `names` inside `parent` (names from the walk
 * root down); undefined when it would be longer than narrowing's globs may be in all
 * (MAX_NARROWING_CHARACTERS), for the same reasons.
 */
export function skippingGlob(parent: readonly string[], names: readonly string[]): string | undefined {
  const escaped = (name: string): string => Array.from(name).map(escapeLiteral).join('');
  const glob = `!/${parent.map((name) => `${escaped(name)}/`).join('')}{${names.map(escaped).join(',')}}/`;
  return glob.length > MAX_NARROWING_CHARACTERS ? undefined : glob;
}

/** Glob alternatives that together match every name except `chars`. */
function siblingsOtherThan(chars: string[]): string[] {
  const alternatives: string[] = [];
  let prefix = '';
  chars.forEach((c, i) => {
    if (i > 0) {
      alternatives.push(prefix);
    }
    // Inside a class globset takes every character literally, and a first `]`, `-` or `!` after
    // the negation is a member, so the class needs no escaping.
    alternatives.push(`${prefix}[!${c}]*`);
    prefix += escapeLiteral(c);
  });
  alternatives.push(`${prefix}?*`);
  return alternatives;
}

function escapeLiteral(c: string): string {
  return /[\\*?[\]{},]/.test(c) ? `\\${c}` : c;
}
