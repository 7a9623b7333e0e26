/**
 * Building a family's variants from an explicit parameter grid. Every grid point is a trial the
 * deflated Sharpe and PBO count, so a family lists its axes in full and keeps them short.
 */
import type { Side, Signal, Universe, Variant } from '../types';

export type Params = Record<string, number | string>;

type Axes<T extends Params> = { [K in keyof T]: readonly T[K][] };

/** Every combination of the axes, in order (the first axis varies slowest). */
export function gridOf<T extends Params>(axes: Axes<T>): T[] {
  let points: Params[] = [{}];
  for (const [key, values] of Object.entries(axes) as [string, readonly (number | string)[]][]) {
    points = points.flatMap((point) => values.map((value) => ({ ...point, [key]: value })));
  }
  return points as T[];
}

/** `a=1,b=x`, keys in the params' own order. */
export function variantName(params: Params): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
}

export function defineVariants<T extends Params>(input: {
  family: string;
  grid: T[];
  signals: (universe: Universe, params: T) => Signal[];
}): Variant[] {
  return input.grid.map((params) => ({
    family: input.family,
    name: variantName(params),
    params,
    signals: (universe: Universe) => input.signals(universe, params),
  }));
}

export type SideName = 'long' | 'short';

export function sideOf(name: SideName): Side {
  return name === 'long' ? 1 : -1;
}
