/**
 * Small ridge-regularised logistic regression fitted by Newton's method (IRLS) with a FIXED number of
 * steps from zero weights: no randomness, no convergence test, so the same data always gives the same
 * weights bit for bit. Features are standardised on the training set first, which keeps the ridge
 * penalty fair across features and Newton's steps well conditioned.
 */

export interface LogisticModel {
  mean: number[];
  scale: number[];
  /** weights[0] is the intercept. */
  weights: number[];
}

export const NEWTON_STEPS = 6;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Solves A x = b for a small symmetric positive-definite A (Gaussian elimination, partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const pivot = m[c]![c]!;
    if (Math.abs(pivot) < 1e-12) continue;
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / pivot;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const pivot = m[r]![r]!;
    if (Math.abs(pivot) < 1e-12) continue;
    let sum = m[r]![n]!;
    for (let k = r + 1; k < n; k++) sum -= m[r]![k]! * x[k]!;
    x[r] = sum / pivot;
  }
  return x;
}

/**
 * `l2` is the ridge on the standardised weights; with `penaliseIntercept` the intercept is pulled
 * toward 0 (probability 0.5) too, for targets that are fair coin flips unless the data shows otherwise.
 */
export function fitLogistic(
  rows: number[][],
  labels: number[],
  options: { l2?: number; penaliseIntercept?: boolean } = {},
): LogisticModel {
  const l2 = options.l2 ?? 1;
  const firstPenalised = options.penaliseIntercept ? 0 : 1;
  const d = rows[0]?.length ?? 0;
  const count = rows.length;
  const dim = d + 1;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(1);
  for (let k = 0; k < d; k++) {
    let sum = 0;
    for (const r of rows) sum += r[k]!;
    mean[k] = count > 0 ? sum / count : 0;
    let sq = 0;
    for (const r of rows) sq += (r[k]! - mean[k]!) ** 2;
    const sd = count > 1 ? Math.sqrt(sq / count) : 0;
    scale[k] = sd > 1e-12 ? sd : 1;
  }
  // Standardised design matrix, row-major, with a leading 1 for the intercept.
  const z = new Float64Array(count * dim);
  for (let i = 0; i < count; i++) {
    z[i * dim] = 1;
    for (let k = 0; k < d; k++) z[i * dim + k + 1] = (rows[i]![k]! - mean[k]!) / scale[k]!;
  }
  const w = new Float64Array(dim);
  const grad = new Float64Array(dim);
  const hess = new Float64Array(dim * dim);
  for (let step = 0; step < NEWTON_STEPS; step++) {
    grad.fill(0);
    hess.fill(0);
    for (let k = firstPenalised; k < dim; k++) [grad[k], hess[k * dim + k]] = [l2 * w[k]!, l2];
    for (let i = 0; i < count; i++) {
      const o = i * dim;
      let dot = 0;
      for (let k = 0; k < dim; k++) dot += w[k]! * z[o + k]!;
      const p = sigmoid(dot);
      const err = p - labels[i]!;
      const curv = Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a < dim; a++) {
        const xa = z[o + a]!;
        grad[a] = grad[a]! + err * xa;
        const cx = curv * xa;
        for (let b = a; b < dim; b++) hess[a * dim + b] = hess[a * dim + b]! + cx * z[o + b]!;
      }
    }
    const matrix: number[][] = [];
    for (let a = 0; a < dim; a++) {
      const row: number[] = [];
      for (let b = 0; b < dim; b++) row.push(a <= b ? hess[a * dim + b]! : hess[b * dim + a]!);
      matrix.push(row);
    }
    const delta = solve(matrix, [...grad]);
    for (let k = 0; k < dim; k++) w[k] = w[k]! - delta[k]!;
  }
  return { mean, scale, weights: [...w] };
}

export function predictLogistic(model: LogisticModel, features: number[]): number {
  let dot = model.weights[0] ?? 0;
  for (let k = 0; k < features.length; k++)
    dot += (model.weights[k + 1] ?? 0) * ((features[k]! - model.mean[k]!) / model.scale[k]!);
  return sigmoid(dot);
}
