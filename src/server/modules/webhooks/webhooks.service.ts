/**
 * A trader's outbound webhooks (issue #21): their endpoints (URL, events, format, signing secret),
 * the queue of deliveries and its log. Secrets are stored sealed (shared/secret-sealer.ts) and
 * never answered after creation or rotation, nor put in a delivery or a log line.
 *
 * The channel's handler only queues (one INSERT … SELECT per event, see `enqueue`); the worker's
 * task sends (webhook-sender.ts), so no receiver, however slow or dead, holds up the change that
 * caused the event.
 */
import { randomUUID } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  TOO_MANY_WEBHOOKS,
  WEBHOOK_DISABLED_TEST,
  WEBHOOK_FORMAT_EVENTS,
  WEBHOOK_FORMAT_NAMES,
  WEBHOOK_HTTPS_ONLY,
  WEBHOOK_NO_3COMMAS_TEST,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_TEST_PENDING,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpointInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookFormat,
} from '../../../contract/webhooks';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { checkOutboundUrl, OutboundRefusedError, type ResolveHost } from '../../http/safe-fetch';
import { createSecretSealer } from '../../shared/secret-sealer';
import { isUuid } from '../../shared/uuid';
import type { UserEvent } from '../notifications/user-events';
import { FREQTRADE_PATH, formatsCarrying, testEventOf, webhookEventOf } from './payloads';
import { createEndpointSecret } from './signature';
import { createWebhookSender, type SenderDeps } from './webhook-sender';
import { createWebhooksRepo, type DeliveryRow, type EndpointRow } from './webhooks.repo';

export interface WebhooksDeps {
  db: Database;
  authSecret: string;
  /** PUBLIC_URL: events link to the app. */
  publicUrl: string;
  /** ALLOW_PRIVATE_FEEDS: endpoints may be http:// and on loopback or private networks. */
  allowPrivate: boolean;
  preferences: { get(userId: string): Promise<{ entryFilterMin: number }> };
  /** Tells the trader an endpoint of theirs was disabled (the notifications module). */
  onDisabled?: SenderDeps['onDisabled'];
  log: {
    warn(details: object, message: string): void;
    debug(details: object, message: string): void;
  };
  now?: () => Date;
  resolve?: ResolveHost;
  timeoutMs?: number;
}

interface EndpointOptions {
  username?: string;
  stakeAmount?: number | null;
  ordertype?: 'market' | 'limit';
  botUuid?: string;
  maxLag?: number | null;
}

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  latencyMs: row.latencyMs,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

export function createWebhooksService(deps: WebhooksDeps) {
  const repo = createWebhooksRepo(deps.db);
  const sealer = createSecretSealer(deps.authSecret, 'webhook-endpoints');
  const now = deps.now ?? (() => new Date());
  const sender = createWebhookSender({
    repo,
    sealer,
    allowPrivate: deps.allowPrivate,
    minimumEntry: async (userId) => (await deps.preferences.get(userId)).entryFilterMin,
    onDisabled: deps.onDisabled,
    log: deps.log,
    now,
    resolve: deps.resolve,
    timeoutMs: deps.timeoutMs,
  });

  function toEndpoint(row: EndpointRow): WebhookEndpoint {
    const secret = sealer.open(row.secret);
    const options = row.options as EndpointOptions;
    return {
      id: row.id,
      url: row.url,
      format: row.format,
      events: row.events,
      enabled: row.enabled,
      disabledReason: row.disabledReason,
      consecutiveFailures: row.consecutiveFailures,
      secretHint: secret ? `whsec_…${secret.slice(-4)}` : 'unreadable: rotate it',
      freqtrade:
        row.format === 'freqtrade'
          ? {
              username: options.username ?? '',
              stakeAmount: options.stakeAmount ?? null,
              ordertype: options.ordertype ?? 'market',
            }
          : null,
      threeCommas:
        row.format === '3commas' ? { botUuid: options.botUuid ?? '', maxLag: options.maxLag ?? null } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** https only (http too under ALLOW_PRIVATE_FEEDS), never a private address (unless allowed). */
  async function checkUrl(url: string, format: WebhookFormat): Promise<void> {
    if (!url.startsWith('https://') && !(deps.allowPrivate && url.startsWith('http://'))) {
      throw badRequest(WEBHOOK_HTTPS_ONLY);
    }
    if (format === 'freqtrade' && !new URL(url).pathname.replace(/\/$/, '').endsWith(FREQTRADE_PATH)) {
      throw badRequest(
        `A Freqtrade endpoint is its REST API's ${FREQTRADE_PATH}, e.g. https://bot.example.com${FREQTRADE_PATH}`,
      );
    }
    try {
      await checkOutboundUrl(url, { allowPrivate: deps.allowPrivate, resolve: deps.resolve });
    } catch (error) {
      if (error instanceof OutboundRefusedError)
        throw badRequest(`This URL is not allowed: ${error.message}`);
      throw error;
    }
  }

  async function ownEndpoint(userId: string, id: string): Promise<EndpointRow> {
    const row = isUuid(id) ? await repo.findEndpoint(userId, id) : null;
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    return row;
  }

  const sealCredentials = (credentials: object) => ({ sealed: sealer.seal(JSON.stringify(credentials)) });

  return {
    async list(userId: string): Promise<WebhookEndpoint[]> {
      return (await repo.listEndpoints(userId)).map(toEndpoint);
    },

    async create(userId: string, input: CreateWebhookEndpoint): Promise<WebhookEndpointWithSecret> {
      if ((await repo.countEndpoints(userId)) >= MAX_WEBHOOK_ENDPOINTS) throw conflict(TOO_MANY_WEBHOOKS);
      await checkUrl(input.url, input.format);
      const secret = createEndpointSecret();
      const specifics =
        input.format === 'freqtrade'
          ? {
              options: {
                username: input.freqtrade.username,
                stakeAmount: input.freqtrade.stakeAmount ?? null,
                ordertype: input.freqtrade.ordertype,
              },
              credentials: sealCredentials({ password: input.freqtrade.password }),
            }
          : input.format === '3commas'
            ? {
                options: { botUuid: input.threeCommas.botUuid, maxLag: input.threeCommas.maxLag ?? null },
                credentials: sealCredentials({ secret: input.threeCommas.secret }),
              }
            : { options: {}, credentials: null };
      const row = await repo.insertEndpoint({
        userId,
        url: input.url,
        format: input.format,
        events: input.events,
        secret: sealer.seal(secret),
        ...specifics,
      });
      return { endpoint: toEndpoint(row), secret };
    },

    async update(userId: string, id: string, input: UpdateWebhookEndpointInput): Promise<WebhookEndpoint> {
      const row = await ownEndpoint(userId, id);
      if (input.url !== undefined) await checkUrl(input.url, row.format);
      const allowed = WEBHOOK_FORMAT_EVENTS[row.format];
      if (input.events?.some((event) => !allowed.includes(event))) {
        throw badRequest(
          `A ${WEBHOOK_FORMAT_NAMES[row.format]} endpoint can receive only ${allowed.join(', ')}`,
        );
      }
      const enabling = input.enabled === true && !row.enabled;
      // Anything left waiting while it was disabled is old news a bot must not act on.
      if (enabling) await repo.failPending(row.id, 'Not sent: the endpoint was disabled');
      const updated = await repo.updateEndpoint(userId, id, {
        ...(input.url !== undefined && { url: input.url }),
        ...(input.events !== undefined && { events: input.events }),
        ...(input.enabled !== undefined && { enabled: input.enabled, disabledReason: null }),
        ...(enabling && { consecutiveFailures: 0 }),
      });
      if (!updated) throw notFound(WEBHOOK_NOT_FOUND);
      return toEndpoint(updated);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.deleteEndpoint(userId, id))) throw notFound(WEBHOOK_NOT_FOUND);
    },

    async rotateSecret(userId: string, id: string): Promise<WebhookEndpointWithSecret> {
      await ownEndpoint(userId, id);
      const secret = createEndpointSecret();
      const updated = await repo.updateEndpoint(userId, id, { secret: sealer.seal(secret) });
      if (!updated) throw notFound(WEBHOOK_NOT_FOUND);
      return { endpoint: toEndpoint(updated), secret };
    },

    async sendTest(userId: string, id: string): Promise<WebhookDelivery> {
      const row = await ownEndpoint(userId, id);
      if (row.format === '3commas') throw badRequest(WEBHOOK_NO_3COMMAS_TEST);
      if (!row.enabled) throw conflict(WEBHOOK_DISABLED_TEST);
      if (await repo.hasPendingTest(row.id)) throw conflict(WEBHOOK_TEST_PENDING);
      const at = now();
      const delivery = await repo.insertDelivery({
        endpointId: row.id,
        userId,
        event: testEventOf(`test:${randomUUID()}`, at),
        now: at,
      });
      return toDelivery(delivery);
    },

    async deliveries(userId: string, id: string, limit: number): Promise<WebhookDelivery[]> {
      const row = await ownEndpoint(userId, id);
      return (await repo.listDeliveries(userId, row.id, limit)).map(toDelivery);
    },

    /** The channel's handler: queues the event for every endpoint that chose it (one statement). */
    async enqueue(event: UserEvent): Promise<void> {
      // An endpoint's own disabling is told through the bell, not sent to it.
      const { kind } = event;
      if (kind === 'webhook.disabled') return;
      await repo.enqueueEvent({
        event: webhookEventOf({ ...event, kind }, deps.publicUrl),
        kind,
        // A bot enters what its trader's preferences let through, not what only their alerts did.
        userIds: event.recipients.filter((r) => r.matches).map((r) => r.userId),
        formats: formatsCarrying(event.subject),
        now: now(),
      });
    },

    /** One run of the sending loop (task `webhook-deliveries`). */
    sendDue: () => sender.sendDue(),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
