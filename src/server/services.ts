import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createEngineForRole, type EnginePool } from './engine-pool/engine-pool';
import { createQueue } from './jobs/create-queue';
import { createAnalysisPipeline } from './modules/analysis/analysis.pipeline';
import { createAnalysisRepo } from './modules/analysis/analysis.repo';
import { createAnalysisService, type AnalysisJob } from './modules/analysis/analysis.service';
import { createAuth } from './modules/auth/auth';
import { createOrganizationsService } from './modules/auth/organizations.service';
import { createSessionsRepo } from './modules/auth/sessions.repo';
import { createUsersService } from './modules/auth/users.service';
import { createViewerResolver } from './modules/auth/viewer';
import { createContactService } from './modules/contact/contact.service';
import { createLedgerService } from './modules/ledger/ledger.service';
import { createLogsService } from './modules/logs/logs.service';
import { createMarketService } from './modules/market/market.service';
import { createHeatMapStore } from './modules/offers/heat-map.store';
import { createOffersService, type PublishResult } from './modules/offers/offers.service';
import { createPairsAdmin } from './modules/pairs/pairs-admin';
import { createPairsService } from './modules/pairs/pairs.service';
import { createPaymentsService, type PaymentsDeps } from './modules/payments/payments.service';
import { createPreferencesService } from './modules/preferences/preferences.service';
import { createReportsService } from './modules/reports/reports.service';
import { createReferralsService } from './modules/referrals/referrals.service';
import { createSettingsService } from './modules/settings/settings.service';
import { computeBacktestReport } from './modules/signal-quality/signal-quality.backtest';
import { pairGateOf } from './modules/offers/gate-offer';
import { createSignalQualityRepo } from './modules/signal-quality/signal-quality.repo';
import { createSignalQualityService } from './modules/signal-quality/signal-quality.service';
import { createScheduleLeases } from './modules/system/schedule-leases.repo';
import { createSystemHealth } from './modules/system/system-health';
import { createFeedFetcher } from './modules/triggers/feed-source';
import { createTradingService } from './modules/trading/trading.service';
import { createTriggersService, type TriggersService } from './modules/triggers/triggers.service';
import { createWebhookSecretsService } from './modules/triggers/webhook-secrets.service';
import { createAiCommentator } from './providers/ai';
import { createExecutor, executorConfigFrom, type Executor } from './providers/execution';
import { createMarketSource, type MarketSource } from './providers/market';
import { createCardProvider, type CardProvider, type CardProviderConfig } from './providers/payments';
import { createEventBus } from './realtime/create-event-bus';
import type { EventBus } from './realtime/event-bus';
import { outageLogTo } from './shared/redis-connection';
import { createWorker } from './worker';

export interface ServiceOverrides {
  /** A market other than the configured one (tests use a fast simulated or replay market). */
  market?: MarketSource;
  fetchFeed?: Parameters<typeof createTriggersService>[0]['fetchFeed'];
  /** A bus of the test's own (e.g. two apps on one Redis channel, as two processes would be). */
  bus?: EventBus;
  /** Engine threads other than the configured pool (tests use misbehaving ones). */
  engine?: EnginePool;
  /** An order executor other than the configured one (tests use failing ones). */
  executor?: Executor;
  /** A card provider other than the configured one (tests use failing ones). */
  card?: CardProvider;
  /** Something other than the referrals' first-deposit award (tests observe the hook). */
  onFirstDeposit?: PaymentsDeps['onFirstDeposit'];
}

/**
 * Every domain service, built once from configuration (no DI container: factories taking their
 * dependencies). HTTP routes, sockets and the worker are all views of these.
 */
export function createServices(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  overrides: ServiceOverrides = {},
) {
  // Redis outages and bus failures go to the app's log, where an operator reads everything else.
  const outageLog = outageLogTo(log);
  const bus =
    overrides.bus ??
    createEventBus({
      redisUrl: config.redisUrl,
      onError: (error, context) => log.error({ err: error }, context),
      outageLog,
    });
  const logs = createLogsService(db);
  const ledger = createLedgerService(db);
  const settings = createSettingsService({ db, logs, bus });
  const organizations = createOrganizationsService(db, {
    settings,
    onMembershipsChanged: (userIds) => bus.publish('auth_changed', { userIds }),
  });
  const auth = createAuth({ config, db, organizations });
  const users = createUsersService(db);
  const viewers = createViewerResolver({ auth, sessions: createSessionsRepo(db), organizations, users, bus });
  const referrals = createReferralsService({ db, users });
  const preferences = createPreferencesService({ db, bus });

  const source = overrides.market ?? createMarketSource({ source: config.marketSource, ...config.market });
  const market = createMarketService({
    db,
    source,
    log,
    logs,
    onPairUpdate: (event) => bus.publish('pair_updates', event, ['admins']),
    onTicker: ({ pair, ticker }) =>
      bus.publish('ticker', {
        pair,
        ticker: {
          pair,
          price: ticker.price,
          volume: ticker.volume24h,
          percentage: ticker.change24hPercent,
          timestamp: new Date(ticker.timestamp).toISOString(),
        },
      }),
  });
  const ai = createAiCommentator({
    provider: config.aiProvider,
    baseUrl: config.env.OPENAI_BASE_URL,
    apiKey: config.env.OPENAI_API_KEY,
    settings,
    log,
  });
  const loadCandles = (pairId: number, interval: '1m' | '1h', since: number) =>
    market.candles(pairId, interval, since);
  const offers = createOffersService({
    db,
    bus,
    pairSymbols: (pairIds) => market.pairSymbols(pairIds),
    latestQuoteVolumes: (pairIds) => market.latestQuoteVolumes(pairIds),
    loadCandles,
    marketNow: () => source.now(),
    log,
  });

  async function announceOffers(result: PublishResult): Promise<void> {
    if (result.created && result.offerId) {
      const offer = await offers.get(result.offerId);
      if (offer) bus.publish('new_offer', offer, ['traders']);
    }
    for (const id of result.refreshedIds) {
      const offer = await offers.get(id);
      if (offer) bus.publish('offer_update', offer, ['traders']);
    }
    // Trades taken from an offer end with it (called only after trading exists).
    for (const moved of result.movedEnds) await trading.moveTradeEnds(moved.offerId, moved.tradeEndsAt);
  }

  // The engine's CPU work never runs on the HTTP thread; ROLE=api runs no analyses and gets no threads.
  const engine =
    overrides.engine ??
    createEngineForRole(config, (error) => log.error({ err: error }, 'engine thread failed'));
  const engineOrFail = (): EnginePool => {
    if (!engine) throw new Error(`ROLE=${config.role} runs no analyses or backtests`);
    return engine;
  };

  const analysisQueue = createQueue<AnalysisJob>('analysis', {
    redisUrl: config.redisUrl,
    log: (error) => log.error({ err: error }, 'analysis job failed'),
    outageLog,
  });
  const repo = createAnalysisRepo(db);
  const signalQualityRepo = createSignalQualityRepo(db);
  const signalQuality = createSignalQualityService({ offers, repo: signalQualityRepo });
  // Triggers start analyses and analyses read active triggers: the cycle is closed through this holder.
  const linked: { triggers?: TriggersService } = {};
  const runAnalysis = createAnalysisPipeline({
    repo,
    bus,
    logs,
    pairSymbol: async (pairId) => (await market.pairById(pairId))?.symbol ?? null,
    publishOffer: (input) => offers.publish(input),
    loadCandles,
    latestQuote: (pairId) => market.latestQuote(pairId),
    analyzePair: (input) => engineOrFail().analyzePair(input),
    summarize: (input) => ai.summarize(input),
    activeTriggerCount: (pair) => linked.triggers?.activeTriggerCount(pair) ?? Promise.resolve(0),
    autoAnalysisConfig: () => settings.autoAnalysisConfig(),
    pairGate: async (pair) => pairGateOf(await signalQuality.latestGate(), pair),
    takerFeePercent: config.takerFeePercent,
    marketNow: () => source.now(),
    onOffersChanged: announceOffers,
  });
  const analysis = createAnalysisService({ repo, pairs: market, queue: analysisQueue, runAnalysis, logs });
  const triggers = createTriggersService({
    db,
    logs,
    thresholds: () => settings.autoAnalysisConfig(),
    requestAnalysis: (request) => analysis.requestAnalysis(request),
    fetchFeed: overrides.fetchFeed ?? createFeedFetcher({ allowPrivate: config.allowPrivateFeeds }),
    log,
  });
  linked.triggers = triggers;
  const webhookSecrets = createWebhookSecretsService({ db, authSecret: config.authSecret, logs });
  const pairs = createPairsService({ market, analysis, offers, triggers });
  const pairsAdmin = createPairsAdmin({ market, db });
  const heatMap = createHeatMapStore({
    sources: {
      activePairs: (symbols) => market.activePairs(symbols),
      latestAnalyses: (pairIds) => analysis.latestCompleted(pairIds),
      liveOffers: (pairIds, at) => offers.liveOffers(pairIds, at),
      activeTriggers: (symbols) => triggers.activeTriggers(symbols),
      recentErrors: (symbols, since, perPair) => logs.recentErrors(symbols, since, perPair),
    },
    bus,
    log,
  });
  const contact = createContactService(db);
  const payments = createPaymentsService(db, {
    ledger,
    logs,
    bus,
    card: overrides.card ?? createCardProvider(cardProviderOptions(config)),
    users,
    // Payments and trading need each other (stats ↔ auto tips): called only after both exist.
    tradeStats: (userId) => trading.tradeStats(userId),
    onFirstDeposit: overrides.onFirstDeposit ?? ((userId, tx) => referrals.awardFirstDeposit(userId, tx)),
    log,
  });
  const refreshBacktest = async () => {
    await computeBacktestReport({
      saveReport: (report) => signalQualityRepo.insertReport(report),
      pairs: () => market.activePairs(),
      hourlyCandles: (pairId) => market.candles(pairId, '1h', 0),
      takerFeePercent: config.takerFeePercent,
      evaluateSignals: (series, options) => engineOrFail().evaluateSignals(series, options),
      judgeGate: (series, takerFeePercent) => engineOrFail().judgeGate(series, takerFeePercent),
    });
  };
  const executor =
    overrides.executor ??
    createExecutor(executorConfigFrom(config), { source, takerFeePercent: config.takerFeePercent });
  const trading = createTradingService({
    db,
    ledger,
    logs,
    bus,
    offers,
    market: {
      pairBySymbol: (symbol) => market.pairBySymbol(symbol),
      priceRangeSince: (pairId, interval, since) => market.priceRangeSince(pairId, interval, since),
    },
    source,
    executor,
    guardrails: () => settings.guardrails(),
    autoTrading: (userId) => preferences.autoTrading(userId),
    recordAutoTip: (tx, tip) => payments.recordAutoTip(tx, tip),
    takerFeePercent: config.takerFeePercent,
    log,
  });
  const reports = createReportsService({ db });
  // Any number of workers may share the schedules; with one, the leases still keep each task's
  // due time across restarts and its last run for System Health.
  const scheduleLeases = createScheduleLeases(db);
  const systemHealth = createSystemHealth({
    schedules: scheduleLeases,
    pingDatabase: () => db.execute(sql`select 1`),
    market,
    logs,
    queues: [analysisQueue],
    publicationGate: () => signalQuality.latestGate(),
    redisUrl: config.redisUrl,
    outageLog,
  });
  const worker = createWorker({
    config,
    log,
    bus,
    source,
    market,
    settings,
    analysis,
    triggers,
    offers,
    logs,
    trading,
    ledger,
    refreshBacktest,
    leases: scheduleLeases,
  });

  return {
    bus,
    logs,
    ledger,
    payments,
    contact,
    settings,
    organizations,
    auth,
    viewers,
    referrals,
    preferences,
    source,
    market,
    ai,
    offers,
    pairs,
    pairsAdmin,
    heatMap,
    analysis,
    analysisQueue,
    triggers,
    webhookSecrets,
    signalQuality,
    executor,
    trading,
    systemHealth,
    users,
    reports,
    worker,
    engine,
    /** Stops background work and releases connections (the bus closes with the realtime layer). */
    async close(): Promise<void> {
      await worker.stop();
      offers.close();
      await analysisQueue.close();
      await systemHealth.close();
      await executor.close?.();
      await source.close?.();
      await engine?.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;

/** The card provider's settings from the environment (PAYMENTS_PROVIDER, STRIPE_*). */
function cardProviderOptions(config: Config): CardProviderConfig {
  const base = config.env.STRIPE_API_BASE ? new URL(config.env.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    provider: config.paymentsProvider,
    stripeSecretKey: config.env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: config.env.STRIPE_WEBHOOK_SECRET,
    ...(base && {
      stripeEndpoint: {
        host: base.hostname,
        port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
        protocol,
      },
    }),
  };
}
