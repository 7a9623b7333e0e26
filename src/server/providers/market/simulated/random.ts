/**
 * Seeded randomness for the simulated market: sfc32 (small, fast, passes PractRand far beyond
 * what a market simulation draws) seeded through a 32-bit hash, so any (seed, pair, hour) tuple
 * names its own independent stream.
 */

/** A 32-bit hash of numbers and strings (murmur3-style finaliser per part). */
export function hashSeed(...parts: (number | string)[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    if (typeof part === 'number') {
      // Mix both 32-bit halves so hour indexes and large seeds stay distinct.
      h = mix(h ^ (part >>> 0));
      h = mix(h ^ Math.floor(part / 4294967296));
    } else {
      for (let i = 0; i < part.length; i++) h = mix(h ^ part.charCodeAt(i));
      h = mix(h ^ part.length);
    }
  }
  return h >>> 0;
}

function mix(x: number): number {
  let h = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  // State in a typed array: 32-bit values in object fields would be boxed as heap numbers.
  private readonly s = new Int32Array(4);
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number) {
    const s = this.s;
    s[0] = 0x9e3779b9;
    s[1] = 0x243f6a88;
    s[2] = seed;
    s[3] = 1;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Standard normal (Marsaglia's polar method; the second value of each pair is kept). */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.next() - 1;
      v = 2 * this.next() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * f;
    this.hasSpare = true;
    return u * f;
  }

  /** Exponential with mean 1. */
  exponential(): number {
    return -Math.log(1 - this.next());
  }

  sign(): 1 | -1 {
    return this.next() < 0.5 ? -1 : 1;
  }
}

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/** Rounds to `decimals` places; integer / power of ten gives the double nearest the decimal. */
export function roundTo(value: number, decimals: number): number {
  const f = POW10[decimals] ?? 10 ** decimals;
  return Math.round(value * f) / f;
}
