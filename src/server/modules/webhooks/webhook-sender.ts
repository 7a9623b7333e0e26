/**
 * The sending loop (task `webhook-deliveries`, on the worker): each run gives up what is stale,
 * claims a bounded batch of due deliveries and sends them a few at a time, each request bounded in
 * time, through the checked outbound fetch (no private addresses unless allowed, no redirects).
 *
 * Retries: a 2xx is delivered; anything else is retried after 1, 2, 4 … minutes (capped at 4 h)
 * until 24 h after the event, then failed. The backoff is the endpoint's as much as the delivery's:
 * after a failure the endpoint's other deliveries wait as long too, and a failing endpoint gets one
 * probe per run, so a dead receiver is knocked on less and less often instead of once per event.
 * `WEBHOOK_DISABLE_AFTER_FAILURES` failed attempts in a row (about 8 hours of an outage) disable
 * the endpoint, with the reason the trader reads on Settings; a success resets the count.
 */
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_RETRY_HOURS,
  type WebhookFormat,
} from '../../../contract/webhooks';
import {
  OutboundRefusedError,
  safeGet,
  safePost,
  type ResolveHost,
  type SafeResponse,
} from '../../http/safe-fetch';
import type { SecretSealer } from '../../shared/secret-sealer';
import { buildRequest, type EndpointForRequest, type WebhookEvent } from './payloads';
import type { AttemptOutcome, DeliveryRow, EndpointRow, WebhooksRepo } from './webhooks.repo';

const MINUTE = 60_000;
const MAX_DELAY_MS = 4 * 60 * MINUTE;

/** The wait after the `n`th failure in a row: 1 min, 2, 4 … capped at 4 h. */
export function retryDelayMs(n: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, n - 1), MAX_DELAY_MS);
}

export interface SenderDeps {
  repo: WebhooksRepo;
  sealer: SecretSealer;
  /** ALLOW_PRIVATE_FEEDS: deliveries may reach loopback and private networks (tests, intranets). */
  allowPrivate: boolean;
  /** The trader's minimum entry in dollars (Freqtrade's stake when the endpoint sets none). */
  minimumEntry(userId: string): Promise<number>;
  /** Tells the trader their endpoint was disabled (the bell, mail, Telegram); returns at once. */
  onDisabled?: (userId: string, webhook: { id: string; url: string; reason: string }) => void;
  log: {
    warn(details: object, message: string): void;
    debug(details: object, message: string): void;
  };
  now: () => Date;
  resolve?: ResolveHost;
  /** Per request (connect, answer and body), ms. */
  timeoutMs?: number;
  batchSize?: number;
  concurrency?: number;
}

/** The stored credentials, opened: Freqtrade's password or 3Commas' bot secret. */
interface OpenedCredentials {
  password?: string;
  secret?: string;
}

export function createWebhookSender(deps: SenderDeps) {
  const { repo, sealer, log } = deps;
  const timeoutMs = deps.timeoutMs ?? 10_000;

  function openCredentials(row: EndpointRow): OpenedCredentials | null {
    const sealed = row.credentials?.sealed;
    const opened = sealed ? sealer.open(sealed) : null;
    return opened ? (JSON.parse(opened) as OpenedCredentials) : null;
  }

  function endpointForRequest(row: EndpointRow, credentials: OpenedCredentials | null): EndpointForRequest {
    const options = row.options as {
      username?: string;
      ordertype?: 'market' | 'limit';
      botUuid?: string;
      maxLag?: number | null;
    };
    const format: WebhookFormat = row.format;
    return {
      url: row.url,
      format,
      ...(format === 'freqtrade' &&
        credentials?.password !== undefined && {
          freqtrade: {
            username: options.username ?? '',
            password: credentials.password,
            ordertype: options.ordertype ?? 'market',
          },
        }),
      ...(format === '3commas' &&
        credentials?.secret !== undefined && {
          threeCommas: {
            botUuid: options.botUuid ?? '',
            secret: credentials.secret,
            maxLag: options.maxLag ?? null,
          },
        }),
    };
  }

  async function attempt(delivery: DeliveryRow, endpoint: EndpointRow): Promise<void> {
    const secret = sealer.open(endpoint.secret);
    const credentials = openCredentials(endpoint);
    const secrets = [secret, credentials?.password, credentials?.secret].filter((s): s is string => !!s);
    if (!secret) {
      return fail(delivery, endpoint, {
        responseStatus: null,
        latencyMs: 0,
        error: "The signing secret cannot be read (the server's AUTH_SECRET changed): rotate it",
      });
    }
    const options = endpoint.options as { stakeAmount?: number | null };
    const event = delivery.event as unknown as WebhookEvent;
    const now = deps.now();
    const request = buildRequest({
      endpoint: endpointForRequest(endpoint, credentials),
      event,
      deliveryId: delivery.id,
      secret,
      nowSeconds: Math.floor(now.getTime() / 1000),
      ...(endpoint.format === 'freqtrade' && {
        stakeAmount: options.stakeAmount ?? (await deps.minimumEntry(endpoint.userId)),
      }),
    });
    if ('cannot' in request) {
      await repo.markFailed(delivery.id, { responseStatus: null, latencyMs: 0, error: request.cannot });
      return;
    }
    const started = performance.now();
    let response: SafeResponse | null = null;
    let error: string | null = null;
    try {
      const common = {
        allowPrivate: deps.allowPrivate,
        timeoutMs,
        maxBytes: 64 * 1024,
        headers: request.headers,
        resolve: deps.resolve,
      };
      response =
        request.method === 'POST'
          ? await safePost(request.url, { ...common, body: request.body })
          : await safeGet(request.url, { ...common, maxRedirects: 0 });
    } catch (err) {
      error = describeError(err, timeoutMs);
    }
    const outcome: AttemptOutcome = {
      responseStatus: response?.status ?? null,
      latencyMs: Math.round(performance.now() - started),
      error: redact(error ?? (response ? answerError(response) : null), secrets),
    };
    if (response && response.status >= 200 && response.status < 300) {
      await repo.markDelivered(delivery.id, deps.now(), { ...outcome, error: null });
      await repo.resetFailures(endpoint.id);
      log.debug({ deliveryId: delivery.id, latencyMs: outcome.latencyMs }, 'webhook delivered');
      return;
    }
    await fail(delivery, endpoint, outcome);
  }

  async function fail(delivery: DeliveryRow, endpoint: EndpointRow, outcome: AttemptOutcome): Promise<void> {
    const now = deps.now();
    const failures = await repo.countFailure(endpoint.id);
    log.warn(
      {
        endpointId: endpoint.id,
        deliveryId: delivery.id,
        eventType: delivery.eventType,
        attempt: delivery.attempts,
        responseStatus: outcome.responseStatus,
        error: outcome.error,
      },
      'webhook delivery failed',
    );
    if (failures >= WEBHOOK_DISABLE_AFTER_FAILURES) {
      await repo.markFailed(delivery.id, outcome);
      const reason = `Disabled after ${failures} failed attempts in a row (last: ${outcome.error ?? 'no answer'})`;
      if (await repo.disable(endpoint.id, reason.slice(0, 300))) {
        await repo.failPending(endpoint.id, 'Not sent: the endpoint was disabled');
        log.warn({ endpointId: endpoint.id, userId: endpoint.userId, failures }, 'webhook endpoint disabled');
        deps.onDisabled?.(endpoint.userId, { id: endpoint.id, url: endpoint.url, reason });
      }
      return;
    }
    const next = new Date(now.getTime() + retryDelayMs(Math.max(delivery.attempts, failures)));
    if (next.getTime() > delivery.createdAt.getTime() + WEBHOOK_RETRY_HOURS * 3_600_000) {
      await repo.markFailed(delivery.id, {
        ...outcome,
        error: `Gave up after ${WEBHOOK_RETRY_HOURS} hours: ${outcome.error ?? 'no answer'}`.slice(0, 300),
      });
    } else {
      await repo.markRetry(delivery.id, next, outcome);
    }
    // Read again: failures of the same batch may have counted since, and the last hold must be
    // the longest, whatever order the attempts ended in.
    const streak = await repo.failuresOf(endpoint.id);
    await repo.holdPending(endpoint.id, new Date(now.getTime() + retryDelayMs(streak)));
  }

  return {
    /** One run of the loop; resolves once every claimed delivery has an outcome. */
    async sendDue(): Promise<void> {
      const now = deps.now();
      await repo.expireStale(now, new Date(now.getTime() - WEBHOOK_RETRY_HOURS * 3_600_000));
      const due = await repo.claimDue({
        now,
        limit: deps.batchSize ?? 50,
        perEndpoint: 4,
        leaseMs: timeoutMs * 6,
      });
      if (due.length === 0) return;
      const endpoints = new Map(
        (await repo.endpointsByIds([...new Set(due.map((d) => d.endpointId))])).map((e) => [e.id, e]),
      );
      await eachLimited(due, deps.concurrency ?? 8, async (delivery) => {
        const endpoint = endpoints.get(delivery.endpointId);
        if (!endpoint?.enabled) return;
        await attempt(delivery, endpoint).catch((err: unknown) =>
          log.warn(
            { err: redactError(err), deliveryId: delivery.id },
            'webhook delivery could not be recorded',
          ),
        );
      });
    },
  };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The receiver's refusal in a few words: its status and the start of what it said. */
function answerError(response: SafeResponse): string {
  const said = response.body
    .subarray(0, 200)
    .toString('utf8')
    // eslint-disable-next-line no-control-regex -- a receiver's control characters stay out of the log
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
  return `HTTP ${response.status}${redirect}${said ? `: ${said}` : ''}`;
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof OutboundRefusedError) return `Refused: ${error.message}`;
  if (error instanceof Error) {
    if (
      error.name === 'TimeoutError' ||
      error.name === 'AbortError' ||
      /timeout/i.test(String((error as { code?: string }).code))
    )
      return `No answer within ${timeoutMs / 1000} s`;
    const code = (error as { code?: string }).code;
    return (code ? `${code}: ${error.message}` : error.message).slice(0, 200);
  }
  return 'The request failed';
}

/** A receiver could echo what it was sent: no secret of ours is stored or logged from its answer. */
function redact(text: string | null, secrets: string[]): string | null {
  if (text === null) return null;
  return secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text).slice(0, 300);
}

function redactError(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message.slice(0, 200) } : String(error);
}
