/** Seeded standard normal draws for the statistics tests: mulberry32 uniforms through Box–Muller. */
import { seededRandom } from '../../../shared/random';

export function createNormalSource(seed: number): () => number {
  const uniform = seededRandom(seed);
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    // 1 − u keeps the logarithm's argument in (0, 1].
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}

export interface DrawOptions {
  length: number;
  mean?: number;
  sd?: number;
}

export function drawNormals(normal: () => number, options: DrawOptions): Float64Array {
  const { length, mean = 0, sd = 1 } = options;
  const values = new Float64Array(length);
  for (let i = 0; i < length; i++) values[i] = mean + sd * normal();
  return values;
}
