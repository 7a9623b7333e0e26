import fp from 'fastify-plugin';
import { createEngineForRole, type EnginePool } from '../engine-pool/engine-pool';
import { createFeedFetcher, type FetchFeed } from '../modules/triggers/feed-source';
import { billingProviderConfigFrom, createBillingProvider, type BillingProvider } from '../providers/billing';
import { createExecutor, executorConfigFrom, type Executor } from '../providers/execution';
import { createMailer, type Mailer } from '../providers/mail';
import { createTelegramBot, type TelegramBot } from '../providers/telegram';
import { createMarketSource, type MarketSource } from '../providers/market';
import { cardProviderConfigFrom, createCardProvider, type CardProvider } from '../providers/payments';

/** Stand-ins for the configured outside world (tests: fast markets, failing executors and so on). */
export interface ProviderOverrides {
  market?: MarketSource;
  fetchFeed?: FetchFeed;
  engine?: EnginePool;
  executor?: Executor;
  card?: CardProvider;
  billing?: BillingProvider;
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The market: Kraken, or the simulated or replay market (with its own clock). */
    source: MarketSource;
    /** Places orders: paper, or Kraken for real. */
    executor: Executor;
    card: CardProvider;
    /** Plans: Stripe Billing, or the simulated provider (PAYMENTS_PROVIDER). */
    billingProvider: BillingProvider;
    /** The engine's threads; null under ROLE=api, which runs no analyses or backtests. */
    engine: EnginePool | null;
    /** Downloads the news feeds that triggers watch. */
    fetchFeed: FetchFeed;
    /** Sends account mail (password resets): the mail server in SMTP_URL, else the outbox. */
    mailer: Mailer;
    /** The Telegram Bot API (TELEGRAM_BOT_TOKEN), or null when Telegram is not set up. */
    telegramBot: TelegramBot | null;
  }
}

/**
 * The outside world as configured: each port built once from config. Registered right after the
 * core, so these close after every module that still uses them.
 */
export const providersPlugin = fp<ProviderOverrides>(
  async (app, overrides) => {
    const { config } = app;
    const source = overrides.market ?? createMarketSource({ source: config.marketSource, ...config.market });
    const executor =
      overrides.executor ??
      createExecutor(executorConfigFrom(config), { source, takerFeePercent: config.takerFeePercent });
    // The engine's CPU work never runs on the HTTP thread; ROLE=api runs no analyses and gets no threads.
    const engine =
      overrides.engine ??
      createEngineForRole(config, (error) => app.log.error({ err: error }, 'engine thread failed'));
    app.decorate('source', source);
    app.decorate('executor', executor);
    app.decorate('card', overrides.card ?? createCardProvider(cardProviderConfigFrom(config)));
    app.decorate(
      'billingProvider',
      overrides.billing ?? createBillingProvider(billingProviderConfigFrom(config)),
    );
    app.decorate('engine', engine);
    const mailer = overrides.mailer ?? createMailer(config, app.log);
    app.decorate('mailer', mailer);
    app.decorate('telegramBot', createTelegramBot(config));
    app.decorate(
      'fetchFeed',
      overrides.fetchFeed ?? createFeedFetcher({ allowPrivate: config.allowPrivateFeeds }),
    );
    app.addHook('onClose', async () => {
      await executor.close?.();
      await source.close?.();
      await engine?.close();
      mailer.close();
    });
  },
  { name: 'providers', dependencies: ['core'] },
);

/** The engine, or a clear refusal on a process that runs none. */
export function engineOf(app: { engine: EnginePool | null; config: { role: string } }): EnginePool {
  if (!app.engine) throw new Error(`ROLE=${app.config.role} runs no analyses or backtests`);
  return app.engine;
}
