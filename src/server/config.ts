import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
/** Named ranges Fastify's trustProxy (proxy-addr) understands besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (item: string) =>
  PROXY_RANGE_NAMES.includes(item) || (item.includes('/') ? isCidr(item) : ipaddr.isValid(item));
function isCidr(item: string): boolean {
  try {
    ipaddr.parseCIDR(item);
    return true;
  } catch {
    return false;
  }
}

/**
 * `false` (default): the socket's address is the client's, whatever X-Forwarded-For says.
 * `true`: trust every hop (only behind a proxy that strips the header). A number: trust that many
 * hops. Else a comma list of proxy addresses, CIDRs or loopback/linklocal/uniquelocal.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    const lower = v.toLowerCase();
    if (['', 'false', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) return true;
    if (/^\d+$/.test(v)) return Number(v);
    const items = v
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const bad = items.filter((item) => !isProxyAddress(item));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be true, false, a hop count or a comma list of addresses/CIDRs (bad: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return items;
  });

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url({ message: 'PUBLIC_URL must be a URL, e.g. https://signals.example.com' }).optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(
      z.string().startsWith('postgres', 'DATABASE_URL must be postgres://…').optional(),
    ),
    REDIS_URL: optionalText.pipe(z.string().startsWith('redis', 'REDIS_URL must be redis://…').optional()),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    MARKET_SOURCE: z.enum(['simulated', 'kraken', 'replay']).default('simulated'),
    SIM_SPEED: z.coerce.number().positive('SIM_SPEED must be above 0').max(100_000).default(1),
    SIM_SEED: z.coerce.number().int().min(0).default(42),
    SIM_EDGE: z.enum(['planted', 'none']).default('planted'),
    /** Epoch ms the simulated clock started at; the same on every process of a cluster. */
    SIM_CLOCK_START: optionalText.pipe(
      z.coerce
        .number<string>({ error: 'SIM_CLOCK_START must be a time in epoch milliseconds' })
        .int()
        .positive()
        .optional(),
    ),
    /** The simulated (or replay) market's own time (epoch ms) at its clock's start: a pinned market. */
    SIM_MARKET_START: optionalText.pipe(
      z.coerce
        .number<string>({ error: 'SIM_MARKET_START must be a time in epoch milliseconds' })
        .int()
        .positive()
        .optional(),
    ),
    KRAKEN_BASE_URL: optionalText.pipe(z.url().optional()),
    REPLAY_FILES: optionalText,
    TAKER_FEE_PERCENT: z.coerce.number().min(0).max(5).default(0.26),
    ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    ENGINE_THREADS: optionalText.pipe(z.coerce.number<string>().int().min(1).max(64).optional()),
    EXECUTION: z.enum(['paper', 'kraken']).default('paper'),
    LIVE_TRADING: bool.default(false),
    /** Reconciliation: a drift of an asset beyond this many dollars pauses live accepts. */
    RECONCILE_TOLERANCE_USD: z.coerce.number().min(0).max(1_000_000).default(1),
    KRAKEN_API_KEY: optionalText,
    KRAKEN_API_SECRET: optionalText,
    PAYMENTS_PROVIDER: z.enum(['simulated', 'stripe']).default('simulated'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** The recurring price (price_…) that Checkout sells as Pro. */
    STRIPE_PRO_PRICE_ID: optionalText,
    /** The billing endpoint's own signing secret (Stripe gives each endpoint one); default STRIPE_WEBHOOK_SECRET. */
    STRIPE_BILLING_WEBHOOK_SECRET: optionalText,
    /** Another address for Stripe's API (e.g. stripe-mock or a test fake); default api.stripe.com. */
    STRIPE_API_BASE: optionalText.pipe(
      z
        .url({
          protocol: /^https?$/,
          message: 'STRIPE_API_BASE must be an http(s) URL, e.g. http://127.0.0.1:12111',
        })
        .optional(),
    ),
    AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
    OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
    OPENAI_API_KEY: optionalText,
    AUTH_SECRET: optionalText.pipe(
      z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    ),
    /** The mail server: smtp://user:password@host:587 or smtps://…; without it mail goes to DATA_DIR/outbox. */
    SMTP_URL: optionalText.pipe(
      z.url({ protocol: /^smtps?$/, message: 'SMTP_URL must be smtp://… or smtps://…' }).optional(),
    ),
    /** The sender of every message, e.g. "HeatSignal <no-reply@signals.example.com>". */
    MAIL_FROM: optionalText,
    /** The Telegram bot's token from @BotFather; unset: no Telegram channel. Never logged. */
    TELEGRAM_BOT_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(/^\d+:[\w-]{20,}$/, 'TELEGRAM_BOT_TOKEN must be the token @BotFather gave, e.g. 123456789:AA…')
        .optional(),
    ),
    /** The Bot API's address: api.telegram.org, or a loopback fake (tests, a local try-out). */
    TELEGRAM_API_URL: optionalText.pipe(
      z
        .url({
          protocol: /^https?$/,
          message: 'TELEGRAM_API_URL must be an http(s) URL, e.g. http://127.0.0.1:8081',
        })
        .optional(),
    ),
    /** Single sign-on with an OpenID Connect provider: its issuer URL, and this app's client there. */
    OIDC_ISSUER: optionalText.pipe(
      z.url({ protocol: /^https?$/, message: 'OIDC_ISSUER must be an http(s) URL' }).optional(),
    ),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    /** The provider's name on the sign-in button, e.g. "Google" or "Okta". */
    OIDC_NAME: optionalText,
    TRUST_PROXY: trustProxy.default(false),
    ALLOW_PRIVATE_FEEDS: bool.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    const need = (when: boolean, keys: (keyof typeof env)[], why: string) => {
      for (const key of keys) {
        if (when && !env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required ${why}` });
      }
    };
    need(env.EXECUTION === 'kraken', ['KRAKEN_API_KEY', 'KRAKEN_API_SECRET'], 'when EXECUTION=kraken');
    need(
      env.PAYMENTS_PROVIDER === 'stripe',
      ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRO_PRICE_ID'],
      'when PAYMENTS_PROVIDER=stripe',
    );
    need(env.AI_PROVIDER === 'openai', ['OPENAI_BASE_URL', 'OPENAI_API_KEY'], 'when AI_PROVIDER=openai');
    need(env.MARKET_SOURCE === 'replay', ['REPLAY_FILES'], 'when MARKET_SOURCE=replay');
    need(env.OIDC_ISSUER !== undefined, ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'], 'when OIDC_ISSUER is set');
    // Separate api and worker processes share state only through PostgreSQL and Redis.
    need(env.ROLE !== 'all', ['DATABASE_URL', 'REDIS_URL'], `when ROLE=${env.ROLE}`);
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  role: Env['ROLE'];
  marketSource: Env['MARKET_SOURCE'];
  market: {
    simSpeed: number;
    simSeed: number;
    simEdge: Env['SIM_EDGE'];
    simClockStart?: number;
    startTime?: number;
    krakenBaseUrl?: string;
    replayFiles: string[];
  };
  /** Paper trading's taker fee per side, in percent (spec README: 0.26 %). */
  takerFeePercent: number;
  /** RECONCILE_TOLERANCE_USD (reconciliation of the live exchange account). */
  reconcileToleranceUsd: number;
  analysisConcurrency: number;
  /** Worker threads for analyses and backtests (ROLE=all|worker); default: one core left for HTTP. */
  engineThreads: number;
  execution: Env['EXECUTION'];
  liveTrading: boolean;
  paymentsProvider: Env['PAYMENTS_PROVIDER'];
  /** STRIPE_PRO_PRICE_ID: the Stripe price Pro is sold at (required when PAYMENTS_PROVIDER=stripe). */
  stripeProPriceId?: string;
  /** STRIPE_BILLING_WEBHOOK_SECRET, else STRIPE_WEBHOOK_SECRET: verifies /api/billing/webhook/stripe. */
  stripeBillingWebhookSecret?: string;
  aiProvider: Env['AI_PROVIDER'];
  authSecret: string;
  /**
   * SMTP_URL (absent: the outbox) and the sender, MAIL_FROM or no-reply at PUBLIC_URL's host.
   * `verificationRequired`: withdrawals wait for a verified address. Only where mail really leaves
   * (SMTP_URL): on the outbox nobody receives the link, so requiring it would lock withdrawals away.
   */
  mail: { smtpUrl?: string; from: string; verificationRequired: boolean };
  /**
   * The Telegram bot (TELEGRAM_BOT_TOKEN), when configured; `apiUrl` without a trailing slash. The
   * token goes into the Bot API's URL path, so that URL is never logged or shown (providers/telegram).
   */
  telegram?: { botToken: string; apiUrl: string };
  /** Single sign-on (OIDC_*), when configured. */
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  /** Fastify's `trustProxy`: whom to believe about the client address (X-Forwarded-For). */
  trustProxy: boolean | number | string[];
  /** Lets admin-entered URLs (feeds, webhooks) reach loopback and private networks. */
  allowPrivateFeeds: boolean;
  logLevel: Env['LOG_LEVEL'];
  env: Env;
}

export class ConfigError extends Error {}

export const TELEGRAM_API_DEFAULT = 'https://api.telegram.org';

/** Reads the environment once at start-up; a bad value stops the process with every problem listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    role: env.ROLE,
    marketSource: env.MARKET_SOURCE,
    market: {
      simSpeed: env.SIM_SPEED,
      simSeed: env.SIM_SEED,
      simEdge: env.SIM_EDGE,
      simClockStart: env.SIM_CLOCK_START,
      startTime: env.SIM_MARKET_START,
      krakenBaseUrl: env.KRAKEN_BASE_URL,
      replayFiles: (env.REPLAY_FILES ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    },
    takerFeePercent: env.TAKER_FEE_PERCENT,
    analysisConcurrency: env.ANALYSIS_CONCURRENCY,
    engineThreads: env.ENGINE_THREADS ?? Math.max(1, availableParallelism() - 1),
    execution: env.EXECUTION,
    liveTrading: env.LIVE_TRADING,
    reconcileToleranceUsd: env.RECONCILE_TOLERANCE_USD,
    paymentsProvider: env.PAYMENTS_PROVIDER,
    stripeProPriceId: env.STRIPE_PRO_PRICE_ID,
    stripeBillingWebhookSecret: env.STRIPE_BILLING_WEBHOOK_SECRET ?? env.STRIPE_WEBHOOK_SECRET,
    aiProvider: env.AI_PROVIDER,
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `HeatSignal <no-reply@${new URL(publicUrl).hostname}>`,
      verificationRequired: env.SMTP_URL !== undefined,
    },
    telegram: env.TELEGRAM_BOT_TOKEN
      ? {
          botToken: env.TELEGRAM_BOT_TOKEN,
          apiUrl: (env.TELEGRAM_API_URL ?? TELEGRAM_API_DEFAULT).replace(/\/+$/, ''),
        }
      : undefined,
    oidc: env.OIDC_ISSUER
      ? {
          issuer: env.OIDC_ISSUER.replace(/\/+$/, ''),
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET!,
          name: env.OIDC_NAME ?? 'single sign-on',
        }
      : undefined,
    trustProxy: env.TRUST_PROXY,
    allowPrivateFeeds: env.ALLOW_PRIVATE_FEEDS,
    logLevel: env.LOG_LEVEL,
    env,
  };
}

/** Without AUTH_SECRET a random one is generated once and kept (owner-only) in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
