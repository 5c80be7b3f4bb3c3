/**
 * Matches a path against a glob's nodes in time linear in the path's length, as ripgrep's own
 * regex engine does, never with a backtracking RegExp: the pattern comes from a model, and
 * `*a*a*a*a*a*a*a*a*a*ab` against one long name would take a backtracking engine minutes, on the
 * thread that also has to notice cancellation.
 */

import { notSlash, type GlobNode } from './globSyntax';

type State =
  | { readonly kind: 'char'; readonly test: (c: string) => boolean; readonly next: number }
  | { kind: 'split'; next: number; readonly other: number }
  | { readonly kind: 'match' };

/** A set of live automaton states, with the transitions already worked out from it. */
interface LiveSet {
  readonly states: readonly number[];
  readonly accepting: boolean;
  /** Next set per character read; null once nothing can match any more. */
  readonly next: Map<string, LiveSet | null>;
}

/** Live sets cached per glob; beyond this the automaton still runs, only without remembering more. */
const MAX_CACHED_SETS = 4096;

/**
 * A Thompson automaton over the glob's nodes, simulated one character at a time with the set of
 * live states (time linear in the subject, whatever the glob), the sets and their transitions
 * cached as they are met, so the common case costs one map lookup per character.
 */
export class GlobAutomaton {
  private readonly states: State[] = [{ kind: 'match' }];
  private readonly seen: Int32Array;
  private generation = 0;
  private readonly sets = new Map<string, LiveSet>();
  private readonly initial: LiveSet;

  constructor(nodes: readonly GlobNode[]) {
    const start = this.sequence(nodes, 0);
    this.seen = new Int32Array(this.states.length).fill(-1);
    this.initial = this.liveSet(this.closure([start]));
  }

  matches(subject: string): boolean {
    let live = this.initial;
    for (const c of subject) {
      let next = live.next.get(c);
      if (next === undefined) {
        next = this.step(live, c);
        if (this.sets.size < MAX_CACHED_SETS) {
          live.next.set(c, next);
        }
      }
      if (next === null) {
        return false;
      }
      live = next;
    }
    return live.accepting;
  }

  private step(live: LiveSet, c: string): LiveSet | null {
    const next: number[] = [];
    for (const index of live.states) {
      const state = this.states[index];
      if (state.kind === 'char' && state.test(c)) {
        next.push(state.next);
      }
    }
    return next.length === 0 ? null : this.liveSet(this.closure(next));
  }

  private liveSet(states: number[]): LiveSet {
    states.sort((a, b) => a - b);
    const key = states.join(',');
    let set = this.sets.get(key);
    if (set === undefined) {
      set = { states, accepting: states.some((index) => this.states[index].kind === 'match'), next: new Map() };
      if (this.sets.size < MAX_CACHED_SETS) {
        this.sets.set(key, set);
      }
    }
    return set;
  }

  /** The states reachable from `from` without reading a character, splits left out. */
  private closure(from: readonly number[]): number[] {
    this.generation += 1;
    const out: number[] = [];
    const stack = [...from];
    while (stack.length > 0) {
      const index = stack.pop() ?? 0;
      if (this.seen[index] === this.generation) {
        continue;
      }
      this.seen[index] = this.generation;
      const state = this.states[index];
      if (state.kind === 'split') {
        stack.push(state.next, state.other);
      } else {
        out.push(index);
      }
    }
    return out;
  }

  /** Compiles `nodes` to run before state `next`; returns the first state. Built back to front. */
  private sequence(nodes: readonly GlobNode[], next: number): number {
    let start = next;
    for (let i = nodes.length - 1; i >= 0; i -= 1) {
      start = this.node(nodes[i], start);
    }
    return start;
  }

  private node(node: GlobNode, next: number): number {
    switch (node.kind) {
      case 'char':
        return this.add({ kind: 'char', test: node.test, next });
      case 'run':
        return this.loop(node.crossesSlash ? () => true : notSlash, next);
      case 'directories': {
        // (?:.*/)? — skip, or any run followed by a slash.
        const slash = this.add({ kind: 'char', test: (c) => c === '/', next });
        return this.add({ kind: 'split', next: this.loop(() => true, slash), other: next });
      }
      case 'alternatives': {
        let start = this.sequence(node.options[node.options.length - 1], next);
        for (let i = node.options.length - 2; i >= 0; i -= 1) {
          start = this.add({ kind: 'split', next: this.sequence(node.options[i], next), other: start });
        }
        return start;
      }
    }
  }

  /** Zero or more characters passing `test`, then `next`. */
  private loop(test: (c: string) => boolean, next: number): number {
    const split: State = { kind: 'split', next: -1, other: next };
    const index = this.add(split);
    split.next = this.add({ kind: 'char', test, next: index });
    return index;
  }

  private add(state: State): number {
    this.states.push(state);
    return this.states.length - 1;
  }
}
