/**
 * Live triggers: stored by admins, fired by market data (evaluateMarket), by feeds (pollFeeds), by
 * an admin action (advisor_request, bypass_analysis) or by outside systems (webhook). Firing sets
 * `last_fired_at`, asks the injected pipeline for an analysis and writes `trigger.fired` to
 * action_logs. A trigger counts as active for its pair for ACTIVE_TRIGGER_WINDOW_MS after firing.
 */
import type {
  ManageTriggerInput,
  ManageTriggerResponse,
  TriggerWebhookInput,
  TriggerWebhookResponse,
} from '../../../contract/admin-triggers';
import type { TriggerType } from '../../../contract/enums';
import type { Database } from '../../db/client';
import type { Candle } from '../../engine/types';
import { conflict, notFound, unavailableDependency } from '../../http/errors';
import type { LogsService } from '../logs/logs.service';
import { pollFeedTriggers, type FeedPollResult } from './feed-watch';
import { createFeedFetcher, type FetchFeed } from './feed-source';
import { evaluateMarketTriggers } from './market-watch';
import { timeframeOf, toTriggerRecord, type TriggerRow } from './trigger-options';
import { createTriggersRepo } from './triggers.repo';
import type {
  FireOptions,
  FiredTrigger,
  MarketThresholds,
  RequestAnalysis,
  TriggerLogger,
  WatchContext,
} from './triggers.types';

/** A stored trigger as the API shows it (the admin read side lists them too). */
export { toTriggerRecord };

/** A trigger counts as active for its pair (heat input and `activeTriggers`) this long after firing. */
export const ACTIVE_TRIGGER_WINDOW_MS = 6 * 60 * 60 * 1000;

export interface TriggersDeps {
  db: Database;
  /** action_logs (trigger.fired, feed errors) and audit_logs (admin changes). */
  logs: Pick<LogsService, 'action' | 'audit'>;
  /** The analysis pipeline: start (queue) an analysis of a pair now. */
  requestAnalysis: RequestAnalysis;
  /** Feed download; default: fetch with a 10 s timeout and a 2 MB cap. */
  fetchFeed?: FetchFeed;
  /** Epoch ms; default Date.now. Cooldowns, the active window and new triggers' createdAt use it. */
  clock?: () => number;
  log?: TriggerLogger;
  /** Market thresholds (autoAnalysisConfig of the global settings). */
  thresholds: () => Promise<MarketThresholds>;
}

export function createTriggersService(deps: TriggersDeps) {
  const repo = createTriggersRepo(deps.db);
  const clock = deps.clock ?? Date.now;
  const fetchFeed = deps.fetchFeed ?? createFeedFetcher();
  const { logs, thresholds } = deps;
  const now = () => new Date(clock());
  let polling: Promise<FeedPollResult> | null = null;

  async function fire(row: TriggerRow, reason: string, options: FireOptions = {}): Promise<FiredTrigger> {
    await repo.markFired(row.id, now());
    let analysisId: string | null = null;
    let error: string | undefined;
    let unavailable: Error | undefined;
    try {
      ({ analysisId } = await deps.requestAnalysis({
        pair: row.symbol,
        triggerId: row.id,
        reason,
        ...(options.timeframe && { timeframe: options.timeframe }),
        ...(options.bypassThresholds && { bypassThresholds: true }),
        ...(options.userId && { userId: options.userId }),
      }));
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
      if (options.whenUnavailable === 'throw' && cause instanceof Error && unavailableDependency(cause)) {
        unavailable = cause;
      }
      deps.log?.warn({ triggerId: row.id, pair: row.symbol, err: error }, 'trigger analysis request failed');
    }
    await logs.action({
      pair: row.symbol,
      action: 'trigger.fired',
      status: error === undefined ? 'ok' : 'error',
      details: {
        type: row.type,
        reason,
        triggerId: row.id,
        analysisId,
        ...options.details,
        ...(error && { error }),
      },
    });
    if (unavailable) throw unavailable;
    return { triggerId: row.id, type: row.type, pair: row.symbol, reason, analysisId };
  }

  const ctx: WatchContext = { repo, logs, fire, clock, log: deps.log };

  /** advisor_request and bypass_analysis run an analysis when saved active; other types wait for events. */
  async function runIfManual(row: TriggerRow, userId: string): Promise<string | null> {
    if (!row.active) return null;
    const type = row.type;
    switch (type) {
      case 'advisor_request': {
        const timeframe = timeframeOf(row) ?? '1h';
        const reason = `Analysis requested by an admin (${timeframe})`;
        return (await fire(row, reason, { timeframe, userId, whenUnavailable: 'throw' })).analysisId;
      }
      case 'bypass_analysis': {
        const reason = 'Analysis requested by an admin, offer published without thresholds';
        const options = {
          timeframe: timeframeOf(row),
          bypassThresholds: true,
          userId,
          whenUnavailable: 'throw' as const,
        };
        return (await fire(row, reason, options)).analysisId;
      }
      case 'news':
      case 'political_news':
      case 'sentiment':
      case 'breakout':
      case 'volume_spike':
      case 'threshold_adjust':
      case 'onchain_event':
      case 'onchain_spike':
      case 'referee_trigger':
        return null;
      default: {
        const unreachable: never = type;
        throw new Error(`unknown trigger type ${String(unreachable)}`);
      }
    }
  }

  async function add(input: Extract<ManageTriggerInput, { action: 'add' }>, userId: string) {
    return deps.db.transaction(async (tx) => {
      // `add` is idempotent per (type, symbol, source): a repeated add (e.g. another "Trigger
      // Analysis" click) refreshes the existing row instead of piling up copies.
      const same = (await repo.findByTypeSymbol(input.type, input.symbol, tx)).find(
        (row) => row.source === input.source,
      );
      const fields = {
        keywords: input.keywords,
        active: input.active,
        ...(input.parameters && { parameters: input.parameters }),
      };
      const row = same
        ? await repo.update(same.id, { ...fields, updatedAt: now() }, tx)
        : await repo.insert(
            {
              type: input.type,
              symbol: input.symbol,
              source: input.source,
              ...fields,
              createdBy: userId,
              createdAt: now(),
            },
            tx,
          );
      await logs.audit(
        {
          userId,
          action: 'trigger.add',
          details: {
            triggerId: row.id,
            existing: Boolean(same),
            input,
            before: same ? toTriggerRecord(same) : null,
            after: toTriggerRecord(row),
          },
        },
        tx,
      );
      return row;
    });
  }

  async function update(input: Extract<ManageTriggerInput, { action: 'update' }>, userId: string) {
    return deps.db.transaction(async (tx) => {
      let current: TriggerRow | undefined;
      if (input.id) {
        current = await repo.findById(input.id, tx);
      } else {
        const found = await repo.findByTypeSymbol(input.type, input.symbol, tx);
        if (found.length > 1) {
          throw conflict(`Several ${input.type} triggers exist for ${input.symbol}; update one by id`);
        }
        current = found[0];
      }
      if (!current) throw notFound('Trigger not found');
      const sourceChanged = current.type !== input.type || current.source !== input.source;
      const row = await repo.update(
        current.id,
        {
          type: input.type,
          symbol: input.symbol,
          source: input.source,
          keywords: input.keywords,
          active: input.active,
          ...(input.parameters && { parameters: input.parameters }),
          // A new feed or type starts from scratch (re-primed, no stale candle marker).
          ...(sourceChanged && { lastSeen: null }),
          updatedAt: now(),
        },
        tx,
      );
      await logs.audit(
        {
          userId,
          action: 'trigger.update',
          details: {
            triggerId: row.id,
            input,
            before: toTriggerRecord(current),
            after: toTriggerRecord(row),
          },
        },
        tx,
      );
      return row;
    });
  }

  return {
    /** POST /api/admin/manage-triggers. Throws 404 / 409 HttpErrors; changes nothing then. */
    async manage(input: ManageTriggerInput, userId: string): Promise<ManageTriggerResponse> {
      switch (input.action) {
        case 'add':
        case 'update': {
          const row = input.action === 'add' ? await add(input, userId) : await update(input, userId);
          // After the commit: the pipeline may read the trigger from another connection.
          const analysisId = await runIfManual(row, userId);
          return { trigger: toTriggerRecord(row), analysisId };
        }
        case 'delete': {
          await deps.db.transaction(async (tx) => {
            const removed = await repo.deleteByTypeSymbol(input.type, input.symbol, tx);
            if (removed.length === 0) throw notFound('Trigger not found');
            await logs.audit(
              {
                userId,
                action: 'trigger.delete',
                details: {
                  type: input.type,
                  symbol: input.symbol,
                  triggerIds: removed.map((r) => r.id),
                  before: removed.map(toTriggerRecord),
                  after: null,
                },
              },
              tx,
            );
          });
          return { trigger: null, analysisId: null };
        }
        default: {
          const unreachable: never = input;
          throw new Error(`unknown action ${JSON.stringify(unreachable)}`);
        }
      }
    },

    /**
     * POST /api/triggers/webhook: fires the oldest active trigger of that type and pair, else 404.
     * `userId` is the admin who created the signing key (null once that account is gone).
     */
    async fireWebhook(input: TriggerWebhookInput, userId: string | null): Promise<TriggerWebhookResponse> {
      const [row] = await repo.listActive([input.type], input.symbol);
      if (!row) throw notFound(`No active ${input.type} trigger for ${input.symbol}`);
      const told = input.payload?.reason;
      const label = WEBHOOK_LABELS[input.type];
      const reason =
        typeof told === 'string' && told.trim() ? `${label}: ${told.trim().slice(0, 200)}` : label;
      const fired = await fire(row, reason, {
        ...(userId && { userId }),
        details: { payload: input.payload ?? null },
        whenUnavailable: 'throw',
      });
      return { ok: true, analysisId: fired.analysisId };
    },

    /** Call after new closed hourly candles of a pair (oldest first). */
    evaluateMarket(pair: string, hourly: readonly Candle[]): Promise<FiredTrigger[]> {
      return evaluateMarketTriggers(ctx, thresholds, pair, hourly);
    },

    /** Polls every active feed trigger once; overlapping calls share one poll. Never rejects on a feed. */
    pollFeeds(): Promise<FeedPollResult> {
      polling ??= pollFeedTriggers(ctx, fetchFeed).finally(() => {
        polling = null;
      });
      return polling;
    },

    /** Types of the pair's active triggers, most recent firing first (pair details). */
    async activeTriggerTypes(pair: string): Promise<TriggerType[]> {
      const rows = await repo.firedSince(activeSince(), [pair]);
      return [...new Set(rows.reverse().map((row) => row.type))];
    },

    /** How many of the pair's triggers are active (the engine's heat input). */
    async activeTriggerCount(pair: string): Promise<number> {
      return repo.countFiredSince(activeSince(), pair);
    },

    /**
     * Every active trigger of these pairs (all pairs when omitted) with the instant it stops being
     * active: the one place that decides what "active" means (heat map, pair details, engine).
     */
    async activeTriggers(
      symbols?: string[],
    ): Promise<{ symbol: string; type: TriggerType; activeUntil: Date }[]> {
      const rows = await repo.firedSince(activeSince(), symbols);
      return rows.flatMap((row) =>
        row.firedAt
          ? [
              {
                symbol: row.symbol,
                type: row.type,
                activeUntil: new Date(row.firedAt.getTime() + ACTIVE_TRIGGER_WINDOW_MS),
              },
            ]
          : [],
      );
    },
  };

  function activeSince(): Date {
    return new Date(clock() - ACTIVE_TRIGGER_WINDOW_MS);
  }
}

export type TriggersService = ReturnType<typeof createTriggersService>;

const WEBHOOK_LABELS: Record<TriggerWebhookInput['type'], string> = {
  referee_trigger: 'Referee trigger',
  onchain_event: 'On-chain event',
  onchain_spike: 'On-chain spike',
};
