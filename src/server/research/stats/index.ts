/** The research harness's statistics: pure functions over arrays of numbers. */
export { splitPurgedKFold, splitWalkForward } from './splits';
export type {
  LabelIntervals,
  PurgedKFoldOptions,
  Split,
  WalkForwardOptions,
  WalkForwardSplit,
} from './splits';
export { brierScore, brierSkill, calibrationMae, reliabilityTable } from './forecast-quality';
export type { ReliabilityBin } from './forecast-quality';
export { kurtosis, mean, sampleStandardDeviation, sampleVariance, skewness } from './moments';
export type { Series } from './moments';
export { normalCdf, normalPdf, normalQuantile } from './normal';
export { neweyWestTStat, tradeMeanTStat } from './overlap-t';
export type { MeanTest, TradeMeanInput } from './overlap-t';
export { estimatePbo } from './pbo';
export type { PboOptions, PboResult } from './pbo';
export { quintileSpread } from './quintile-spread';
export type { QuintileSpread, QuintileSpreadInput } from './quintile-spread';
export {
  annualizeSharpe,
  deflatedSharpe,
  expectedMaxSharpe,
  probabilisticSharpe,
  sharpeRatio,
} from './sharpe';
export type { DeflatedSharpeInput, ExpectedMaxSharpeInput, ProbabilisticSharpeInput } from './sharpe';
export { wilsonInterval } from './wilson';
