/**
 * Reconciliation of the live exchange account against the books (reconcile.ts does the sums).
 * A run reads the exchange's balances and the fills the trades recorded, stores what it found
 * (every run is kept), and on a drift tells the admins (System Health and the live stream's
 * `alert` channel) and pauses new live accepts until an admin acknowledges it. While an order is in
 * flight or being looked up the run is deferred. Paper trading holds nothing on an exchange: then
 * there is nothing to run.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  livePausedMessage,
  RECONCILIATION_DISABLED,
  type ReconciliationRun,
  type ReconciliationState,
} from '../../../contract/reconciliation';
import type { AssetAmounts } from '../../db/schema/reconciliation';
import { conflict, HttpError, notFound } from '../../http/errors';
import type { Executor } from '../../providers/execution';
import type { MarketSource } from '../../providers/market/market-source';
import type { EventBus } from '../../realtime/event-bus';
import type { LogsService } from '../logs/logs.service';
import type { MarketService } from '../market/market.service';
import { impliedHoldings, reconcile, type TradeFlows } from './reconcile';
import type { PairFills, ReconciliationRepo, ReconciliationRunRow } from './reconciliation.repo';

/** An order still unresolved after this long is alerted (reconciliation cannot judge meanwhile). */
export const STUCK_ORDER_MS = 15 * 60_000;

export interface ReconciliationDeps {
  repo: ReconciliationRepo;
  executor: Pick<Executor, 'account'>;
  market: Pick<MarketService, 'pairBySymbol'>;
  source: Pick<MarketSource, 'fetchTicker'>;
  logs: Pick<LogsService, 'audit'>;
  bus: EventBus;
  log: FastifyBaseLogger;
  toleranceUsd: number;
  /** Names of acknowledging admins, for the runs' views. */
  userNames: (ids: string[]) => Promise<Map<string, string>>;
  now?: () => Date;
}

export function createReconciliation(deps: ReconciliationDeps) {
  const { repo, toleranceUsd } = deps;
  const now = deps.now ?? (() => new Date());
  const account = deps.executor.account;

  /** The books' side: each pair's fills against the exchange's names of its assets. */
  async function implied(fills: PairFills[]) {
    const flows: TradeFlows[] = [];
    const usd = new Map<string, number | null>();
    for (const { pair: symbol, side, entry, exit } of fills) {
      const pair = await deps.market.pairBySymbol(symbol);
      const { base, quote } = await account!.assetsOf(pair?.krakenSymbol ?? symbol.replace('/', ''));
      flows.push({ base, quote, side, entry, exit });
      if (!usd.has(base)) usd.set(base, await priceOf(symbol));
      if (symbol.endsWith('/USD')) usd.set(quote, 1);
    }
    return { holdings: impliedHoldings(flows), usd };
  }

  async function priceOf(symbol: string): Promise<number | null> {
    try {
      return (await deps.source.fetchTicker(symbol)).price;
    } catch {
      return null;
    }
  }

  async function record(trigger: 'schedule' | 'admin'): Promise<ReconciliationRunRow> {
    // An order in flight or being looked up may have moved the account before the books: judging
    // now could call it drift. The next run judges once it has resolved (unknown-orders.ts).
    const inFlight = await repo.ordersInFlight();
    if (inFlight.count > 0) {
      const { count, oldest } = inFlight;
      const run = await repo.insert({
        trigger,
        status: 'deferred',
        toleranceUsd,
        error: `${count} ${count === 1 ? 'order is' : 'orders are'} in flight or being looked up; judged at the next run`,
      });
      // An order unresolved this long is itself what an operator must look at.
      const waited = oldest ? now().getTime() - oldest.getTime() : 0;
      if (waited > STUCK_ORDER_MS)
        alert(
          `Reconciliation #${run.id} deferred: an order has been unresolved for ${Math.round(waited / 60_000)} minutes; check the exchange`,
        );
      return run;
    }
    let exchange: AssetAmounts;
    let books: Awaited<ReturnType<typeof implied>>;
    try {
      [exchange, books] = await Promise.all([account!.balances(), repo.pairFills().then(implied)]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const run = await repo.insert({ trigger, status: 'error', toleranceUsd, error: message });
      alert(`Reconciliation #${run.id} could not read the exchange: ${message}`);
      return run;
    }
    const baseline = await repo.baseline();
    const current = { exchange, implied: books.holdings };
    const { assets, drifted } = reconcile(
      current,
      baseline ?? current,
      (asset) => books.usd.get(asset) ?? null,
      toleranceUsd,
    );
    const status = baseline === null ? 'baseline' : drifted ? 'drift' : 'balanced';
    const run = await repo.insert({ trigger, status, ...current, assets, toleranceUsd });
    if (status === 'drift') {
      const off = assets
        .filter((a) => Math.abs(a.drift) > 1e-9)
        .map((a) => `${a.asset} ${a.drift > 0 ? '+' : ''}${a.drift}`)
        .join(', ');
      alert(`${livePausedMessage(run.id)}. Exchange minus books: ${off}`);
    }
    return run;
  }

  function alert(message: string) {
    deps.log.error({ reconciliation: message }, 'reconciliation alert');
    deps.bus.publish('admin_alert', { message, at: now().toISOString() }, ['admins']);
  }

  async function views(rows: ReconciliationRunRow[]): Promise<ReconciliationRun[]> {
    const ids = [...new Set(rows.map((r) => r.acknowledgedBy).filter((id): id is string => id !== null))];
    const names = ids.length > 0 ? await deps.userNames(ids) : new Map<string, string>();
    return rows.map((row) => ({
      id: row.id,
      ranAt: row.ranAt.toISOString(),
      trigger: row.trigger as ReconciliationRun['trigger'],
      status: row.status as ReconciliationRun['status'],
      assets: row.assets,
      toleranceUsd: row.toleranceUsd,
      error: row.error,
      acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
      acknowledgedBy: row.acknowledgedBy
        ? { id: row.acknowledgedBy, name: names.get(row.acknowledgedBy) ?? '' }
        : null,
      acknowledgeNote: row.acknowledgeNote,
    }));
  }

  return {
    enabled: account !== undefined,

    /** One run (the worker's schedule or an admin's request); 409 with paper trading. */
    async run(trigger: 'schedule' | 'admin'): Promise<ReconciliationRun> {
      if (!account) throw conflict(RECONCILIATION_DISABLED);
      const [view] = await views([await record(trigger)]);
      return view!;
    },

    async state(): Promise<ReconciliationState> {
      const [paused, latest] = await Promise.all([repo.unacknowledgedDrift(), repo.latest(20)]);
      const [pausedView] = paused ? await views([paused]) : [];
      return {
        enabled: account !== undefined,
        toleranceUsd,
        pausedBy: pausedView ?? null,
        runs: await views(latest),
      };
    },

    /** The refusal of a live accept while a drift waits for an admin, or null. Read from the database: every process agrees. */
    async livePause(): Promise<string | null> {
      if (!account) return null;
      const paused = await repo.unacknowledgedDrift();
      return paused ? livePausedMessage(paused.id) : null;
    },

    async acknowledge(id: number, admin: { userId: string }, note: string): Promise<ReconciliationRun> {
      const run = await repo.find(id);
      if (!run) throw notFound('Reconciliation run not found');
      if (run.status !== 'drift') throw conflict(`Reconciliation #${id} found no drift`);
      if (run.acknowledgedAt) throw conflict(`Reconciliation #${id} was already acknowledged`);
      const changed = await repo.acknowledge(id, admin.userId, note, now());
      if (changed.length === 0) throw new HttpError(409, `Reconciliation #${id} was already acknowledged`);
      await deps.logs.audit({
        userId: admin.userId,
        action: 'reconciliation.acknowledge',
        details: { runIds: changed.map((r) => r.id), note },
      });
      const [view] = await views(changed.filter((r) => r.id === id));
      return view!;
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliation>;
