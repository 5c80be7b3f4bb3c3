/**
 * A small seeded pseudo-random generator (sfc32), so every tree is the same on every machine and
 * every run: Math.random cannot be seeded, and a tree that changes between runs would make the
 * cached copy and the numbers in the README disagree.
 */

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    // Spread the seed text over the four words of state (FNV-1a per word, different offsets).
    const word = (salt: number): number => {
      let hash = (0x811c9dc5 ^ salt) >>> 0;
      for (let i = 0; i < seed.length; i += 1) {
        hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193) >>> 0;
      }
      return hash;
    };
    this.a = word(1);
    this.b = word(2);
    this.c = word(3);
    this.d = word(4);
    for (let i = 0; i < 16; i += 1) {
      this.next();
    }
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** An index into `weights`, each chosen with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const weight of weights) {
      total += weight;
    }
    let point = this.next() * total;
    for (let i = 0; i < weights.length; i += 1) {
      point -= weights[i];
      if (point < 0) {
        return i;
      }
    }
    return weights.length - 1;
  }
}
