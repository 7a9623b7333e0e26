/**
 * Every variant tried in HeatSignal's research, on any data: the N that the deflated Sharpe ratio
 * deflates by. It only ever grows; docs/research/log.md lists each variant with its result, and a
 * test keeps this figure equal to the log's count.
 */
export const RESEARCH_TRIALS = 76;
