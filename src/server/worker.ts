import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { createScheduler, type PeriodicTask } from './jobs/scheduler';
import type { AnalysisService } from './modules/analysis/analysis.service';
import type { LedgerService } from './modules/ledger/ledger.service';
import type { LogsService } from './modules/logs/logs.service';
import type { MarketService } from './modules/market/market.service';
import type { OffersService } from './modules/offers/offers.service';
import type { SettingsService } from './modules/settings/settings.service';
import type { ReconciliationService } from './modules/trading/reconciliation.service';
import type { TradingService } from './modules/trading/trading.service';
import type { ScheduleLeases } from './modules/system/schedule-leases.repo';
import type { TriggersService } from './modules/triggers/triggers.service';
import type { MarketSource } from './providers/market';
import type { EventBus } from './realtime/event-bus';
import { decisionClosedAmong } from './research/families/features';
import { DAY_MS, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from './shared/time';
import { applyRetention } from './worker-retention';

/** Enough hourly history for the market triggers' 7-day median and 24 h range. */
const TRIGGER_LOOKBACK_MS = 8 * DAY_MS;

export interface WorkerDeps {
  config: Config;
  log: FastifyBaseLogger;
  bus: EventBus;
  source: MarketSource;
  market: MarketService;
  settings: SettingsService;
  analysis: AnalysisService;
  /** Takes the queued analysis runs (the analysis pipeline). */
  pipeline: { startWorker(concurrency: number): void };
  triggers: TriggersService;
  offers: OffersService;
  logs: LogsService;
  trading: Pick<TradingService, 'monitor'>;
  /** Live trading only (`enabled`): the exchange account against the books, every 5 minutes. */
  reconciliation: Pick<ReconciliationService, 'enabled' | 'run'>;
  ledger: Pick<LedgerService, 'idempotency'>;
  /**
   * Recomputes the engine's walk-forward backtest and the publication gate on stored candles
   * (Signal Quality; the gate decides what is published).
   */
  refreshBacktest(): Promise<void>;
  /** Each scheduled run happens once across the workers sharing the database. */
  leases: ScheduleLeases;
  /** The notification channels' loops (webhook deliveries, Telegram, mail) and the bell's retention. */
  notificationTasks: PeriodicTask[];
}

/**
 * The background work of ROLE=all|worker: market data in, analyses on a schedule and on triggers,
 * offers expired and scored, old data pruned. Several workers can run side by side: the schedules'
 * leases give each run to one of them, analyses go through the shared queue, and every step is
 * idempotent besides (analyses of a pair are collapsed while queued; candles insert once; a trade
 * closes once), so a run taken over from a dead worker does no harm.
 */
export function createWorker(deps: WorkerDeps) {
  const { config, log, market, analysis, triggers, offers, settings } = deps;
  // The simulated and replay markets run `SIM_SPEED` times faster than the wall clock.
  const marketMinute = config.marketSource === 'kraken' ? MINUTE : MINUTE / config.market.simSpeed;

  async function syncAndBackfill(): Promise<void> {
    const sync = await market.syncPairs();
    log.info(
      { added: sync.added.length, updated: sync.updated.length, deactivated: sync.deactivated.length },
      'pairs synced',
    );
    for (const pair of await market.activePairs()) await market.backfill(pair.symbol);
    // The gate first: it decides what the analyses publish.
    await deps.refreshBacktest();
    await analysis.analyzeActivePairs();
  }

  async function refreshMarket(): Promise<void> {
    let decisionClosed = false;
    for (const pair of await market.activePairs()) {
      const result = await market.refresh(pair.symbol);
      if (!result.ok || result.inserted['1h'] === 0) continue;
      decisionClosed ||= decisionClosedAmong(deps.source.now(), result.inserted['1h']);
      // A new hourly candle closed: the market triggers (breakout, volume spike, RSI) look at it.
      const hourly = await market.candles(pair.id, '1h', deps.source.now() - TRIGGER_LOOKBACK_MS);
      await triggers.evaluateMarket(pair.symbol, hourly);
    }
    // The day's decision candle closed (in this refresh, or in the gap a restart left): the gate
    // judges it, and the analyses publish what it holds.
    if (decisionClosed) {
      await deps.refreshBacktest();
      await analysis.analyzeActivePairs();
    }
  }

  async function offerUpkeep(): Promise<void> {
    for (const id of await offers.expireOffers()) {
      const offer = await offers.get(id);
      if (offer) deps.bus.publish('offer_update', offer, ['traders']);
    }
    await offers.scoreOutcomes();
  }

  const tasks: PeriodicTask[] = [
    { name: 'market-sync', every: () => 6 * HOUR, run: syncAndBackfill, runAtStart: true },
    { name: 'market-refresh', every: () => Math.max(1_000, marketMinute), run: refreshMarket },
    {
      name: 'auto-analysis',
      // A first refresh a minute after start-up, then on the configured interval.
      firstRunAfter: MINUTE,
      every: async () => (await settings.autoAnalysisConfig()).intervalMinutes * MINUTE,
      run: async () => {
        if ((await settings.autoAnalysisConfig()).enabled) await analysis.analyzeActivePairs();
      },
    },
    { name: 'feeds', every: () => 5 * MINUTE, run: async () => void (await triggers.pollFeeds()) },
    { name: 'offer-upkeep', every: () => 30_000, run: offerUpkeep },
    {
      // Closes open trades at their auto-close, stop-loss or expiration; stores unrealised profit.
      name: 'trade-monitor',
      every: () => Math.max(1_000, marketMinute),
      run: async () => {
        const result = await deps.trading.monitor();
        if (result.closed > 0 || result.failed > 0) log.info(result, 'trade monitor');
      },
    },
    ...(deps.reconciliation.enabled
      ? [
          {
            name: 'reconciliation',
            every: () => 5 * MINUTE,
            run: async () => void (await deps.reconciliation.run('schedule')),
          },
        ]
      : []),
    {
      name: 'retention',
      every: () => 24 * HOUR,
      run: async () => {
        const current = await settings.get();
        await applyRetention(
          { market, analysis, logs: deps.logs, ledger: deps.ledger },
          {
            retentionPolicyDays: current.retentionPolicy,
            analysisRetentionDays: current.analysisRetentionDays,
          },
        );
      },
    },
    ...deps.notificationTasks,
  ];
  const scheduler = createScheduler(
    tasks,
    (task, error) => log.error({ err: error, task }, 'scheduled task failed'),
    { leases: deps.leases },
  );

  return {
    start(): void {
      deps.pipeline.startWorker(config.analysisConcurrency);
      scheduler.start();
    },
    /** Stops the schedules; a run still going after `graceMs` is handed back to the other workers. */
    stop: (graceMs?: number) => scheduler.stop(graceMs),
    runNow: (task: string) => scheduler.runNow(task),
  };
}

export type Worker = ReturnType<typeof createWorker>;
