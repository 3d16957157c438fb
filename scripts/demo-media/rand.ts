/** Deterministic randomness: a seeded mulberry32 generator, so every run draws the same media. */
export class Rand {
  private s: number;

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform float in [a, b). */
  f(a: number, b: number): number {
    return a + (b - a) * this.next();
  }

  /** Uniform integer in [a, b]. */
  i(a: number, b: number): number {
    return Math.floor(this.f(a, b + 1));
  }

  pick<T>(arr: readonly T[]): T {
    const v = arr[Math.floor(this.next() * arr.length)];
    if (v === undefined) throw new Error('pick from empty array');
    return v;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}
