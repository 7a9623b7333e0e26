/** The signal engine's public face: pure functions from candles to analyses and calibration reports. */
export { analyzePair, ENGINE_VERSION, MIN_HOURLY_CANDLES } from './analyze-pair';
export {
  calibrate,
  evaluateSignals,
  summarizeCalibration,
  type CalibrationDecile,
  type CalibrationOptions,
  type CalibrationResult,
  type EvaluatedSignal,
} from './calibration';
export { readCandleCsv, resampleToHourly, toHourly } from './candles';
export type * from './types';
