import type { AutoAnalysisConfig } from '../../../contract/admin-settings';
import type { Timeframe, TriggerType } from '../../../contract/enums';
import type { LogDetails } from '../../db/schema';
import type { LogsService } from '../logs/logs.service';
import type { TriggerRow } from './trigger-options';
import type { TriggersRepo } from './triggers.repo';

/** What a fired trigger asks of the analysis pipeline (injected; see createTriggersService). */
export interface AnalysisRequest {
  pair: string;
  triggerId: string;
  /** Plain-words reason, e.g. 'Volume spike: last hour 4.2× the 7-day median hourly volume'. */
  reason: string;
  timeframe?: Timeframe;
  /** bypass_analysis: publish an offer without the autoAnalysisConfig thresholds. */
  bypassThresholds?: boolean;
  /** The admin who asked (manual triggers and the webhook). */
  userId?: string;
}
export type RequestAnalysis = (request: AnalysisRequest) => Promise<{ analysisId: string }>;

export interface FiredTrigger {
  triggerId: string;
  type: TriggerType;
  pair: string;
  reason: string;
  /** Null when the pipeline refused or failed (logged in action_logs as trigger.fired / error). */
  analysisId: string | null;
}

/** The thresholds the market triggers default to. */
export type MarketThresholds = Pick<
  AutoAnalysisConfig,
  'volatilityThreshold' | 'rsiThreshold' | 'volumeSpikeMultiplier'
>;

/** Pino-compatible subset (Fastify's `app.log` fits). */
export interface TriggerLogger {
  warn(details: object, message: string): void;
}

export interface FireOptions {
  timeframe?: Timeframe;
  bypassThresholds?: boolean;
  userId?: string;
  details?: LogDetails;
  /**
   * 'throw' for requests (an admin's manual trigger, a webhook): Redis or the database being down
   * is then the caller's 503 (try again) rather than a trigger that fired without an analysis.
   * Default 'record': the failure is logged on the trigger.
   */
  whenUnavailable?: 'record' | 'throw';
}

/** What the market and feed watchers share with the service. */
export interface WatchContext {
  repo: TriggersRepo;
  logs: Pick<LogsService, 'action'>;
  fire: (row: TriggerRow, reason: string, options?: FireOptions) => Promise<FiredTrigger>;
  /** Epoch ms. */
  clock: () => number;
  log?: TriggerLogger;
}
