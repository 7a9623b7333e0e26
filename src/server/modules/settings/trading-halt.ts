/**
 * The kill switch's state, kept in the settings row (migration 0019: when, why and by whom; when
 * and why are both set or both null). A halt and a resume each lock the row, change it and write
 * their audit row in one transaction; after the commit `afterChange` evicts every process's copy
 * and tells every signed-in socket.
 *
 * Accepts read the row with a share lock in their step A (`open_trade_checked`, migration 0019): a
 * halt's update waits for the accepts already past that read, and every later one sees the halt.
 * So once a halt has answered, no trade opens in any process, however stale a process's cached copy.
 */
import { TRADING_NOT_HALTED, type TradingHalt } from '../../../contract/trading-halt';
import type { Database } from '../../db/client';
import { conflict } from '../../http/errors';
import type { LogsService } from '../logs/logs.service';
import { createSettingsRepo, type GlobalSettingsRow as Row } from './settings.repo';

/** The trader's view plus the halting admin's id (admins see their name: the routes look it up). */
export interface TradingHaltState extends TradingHalt {
  haltedById: string | null;
}

export function tradingHaltOf(row: Row): TradingHaltState {
  return {
    halted: row.tradingHaltedAt !== null,
    reason: row.tradingHaltReason,
    haltedAt: row.tradingHaltedAt?.toISOString() ?? null,
    haltedById: row.tradingHaltedBy,
  };
}

/** What traders may know: never who halted. */
export function publicHaltOf({ halted, reason, haltedAt }: TradingHaltState): TradingHalt {
  return { halted, reason, haltedAt };
}

export function createTradingHaltWrites(deps: {
  db: Database;
  logs: Pick<LogsService, 'audit'>;
  afterChange: (halt: TradingHaltState) => void;
}) {
  const { db, logs } = deps;

  /** Locks the row, lets `next` decide the change (or refuse), stores it and audits it. */
  async function change(
    userId: string,
    action: 'trading.halt' | 'trading.resume',
    next: (before: Row) => Pick<Row, 'tradingHaltedAt' | 'tradingHaltReason' | 'tradingHaltedBy'>,
  ): Promise<TradingHaltState> {
    const after = await db.transaction(async (tx) => {
      const repo = createSettingsRepo(tx);
      const before = await repo.row({ lock: 'update' });
      const updated = tradingHaltOf(await repo.update(next(before)));
      const details = { before: tradingHaltOf(before), after: updated };
      await logs.audit({ userId, action, details }, tx);
      return updated;
    });
    deps.afterChange(after);
    return after;
  }

  return {
    /** Halting while halted replaces the reason and the admin named; the halt keeps its start. */
    halt: (reason: string, userId: string) =>
      change(userId, 'trading.halt', (before) => ({
        tradingHaltedAt: before.tradingHaltedAt ?? new Date(),
        tradingHaltReason: reason,
        tradingHaltedBy: userId,
      })),

    /** 409 when trading runs already (e.g. another admin resumed first), with nothing changed. */
    resume: (userId: string) =>
      change(userId, 'trading.resume', (before) => {
        if (before.tradingHaltedAt === null) throw conflict(TRADING_NOT_HALTED);
        return { tradingHaltedAt: null, tradingHaltReason: null, tradingHaltedBy: null };
      }),
  };
}
