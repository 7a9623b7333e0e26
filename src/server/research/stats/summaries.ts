/** Small descriptive helpers shared by the statistics. */
import type { Series } from './moments';

export function median(values: Series): number {
  const n = values.length;
  if (n === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const middle = n >> 1;
  return n % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** Ordinary least squares y = intercept + slope·x; NaN when x does not vary. */
export function fitLine(x: Series, y: Series): { slope: number; intercept: number } {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i] ?? NaN;
    my += y[i] ?? NaN;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] ?? NaN) - mx;
    sxx += dx * dx;
    sxy += dx * ((y[i] ?? NaN) - my);
  }
  const slope = sxx > 0 ? sxy / sxx : NaN;
  return { slope, intercept: my - slope * mx };
}
