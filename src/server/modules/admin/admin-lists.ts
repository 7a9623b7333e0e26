/**
 * The eleven admin list collections (admin spec section 7; the audit logs are the logs module's):
 * each owning module pages its own table, and this module, which owns none, turns the rows into
 * the contract's records and joins what other modules hold (pair symbols, analysis figures,
 * balances) for the page it shows.
 */
import type {
  AdminListResponse,
  adminActionLogsEndpoint,
  adminAnalysesEndpoint,
  adminAnalysisSnapshotsEndpoint,
  adminCryptoPairsEndpoint,
  adminOffersEndpoint,
  adminPaymentsEndpoint,
  adminTickerLogsEndpoint,
  adminTriggersEndpoint,
  adminUserOffersEndpoint,
  adminUserPreferencesEndpoint,
  adminUsersEndpoint,
} from '../../../contract/admin-collections';
import type { ApprovalsQuery, ApprovalsResponse } from '../../../contract/admin-approvals';
import type { CryptoPairRecord } from '../../../contract/admin-pairs';
import type {
  ActionLogRecord,
  AdminOfferRecord,
  AdminPaymentRecord,
  AdminUserRecord,
  AnalysisRecord,
  AnalysisSnapshotRecord,
  TickerLogRecord,
  UserOfferRecord,
  UserPreferencesRecord,
} from '../../../contract/admin-records';
import type { TriggerRecord } from '../../../contract/admin-triggers';
import type { AnalysisStage } from '../../../contract/enums';
import type { z } from 'zod';
import { pageOffset, type PairScope } from '../../db/list-query';
import { toCents, toDollars } from '../../shared/money';
import type { AnalysisService } from '../analysis/analysis.service';
import type { UsersService } from '../auth/users.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { ActionLogsService } from '../logs/action-logs.service';
import type { MarketService } from '../market/market.service';
import type { OffersService } from '../offers/offers.service';
import type { PaymentsService } from '../payments/payments.service';
import type { PreferencesService } from '../preferences/preferences.service';
import type { TriggersService } from '../triggers/triggers.service';
import { adminOfferRecord } from './admin-offer-record';

type QueryOf<E extends { query: z.ZodType }> = z.output<E['query']>;

export interface AdminListsDeps {
  market: MarketService;
  analysis: AnalysisService;
  offers: OffersService;
  triggers: TriggersService;
  payments: PaymentsService;
  users: UsersService;
  ledger: LedgerService;
  preferences: PreferencesService;
  actionLogs: ActionLogsService;
}

const iso = (at: Date) => at.toISOString();

/** An owning module's page of rows as the contract's records. */
const recordsOf = <R, T>(
  page: { rows: R[]; total: number },
  toRecord: (row: R) => T,
): AdminListResponse<T> => ({
  total: page.total,
  records: page.rows.map(toRecord),
});
const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/**
 * One page of `rows` ranked by a figure another module holds, as the database lists rank: nulls
 * lowest, ties by id in the same direction.
 */
function rankedPage<T extends { id: string | number }>(
  rows: T[],
  figure: (row: T) => number | null,
  window: { page: number; pageSize: number; sort?: { direction: 'asc' | 'desc' } | undefined },
): { page: T[]; total: number } {
  const sign = window.sort?.direction === 'desc' ? -1 : 1;
  const ranked = [...rows].sort((a, b) => {
    const x = figure(a);
    const y = figure(b);
    if (x !== y) {
      if (x === null) return -sign;
      if (y === null) return sign;
      return sign * (x - y);
    }
    return sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
  const start = pageOffset(window);
  return { page: ranked.slice(start, start + window.pageSize), total: rows.length };
}

export function createAdminLists(deps: AdminListsDeps) {
  const { market } = deps;

  const pairScope = async (search: string | undefined): Promise<PairScope> => ({
    matchingPairIds: search ? await market.adminLists.pairIdsMatching(search) : null,
    pairIdsBySymbol: () => market.adminLists.pairIdsBySymbol(),
  });

  const matchingUsers = async (search: string | undefined) =>
    search ? deps.users.adminLists.userIdsMatching(search) : null;

  async function withSymbols<T extends { pairId: number }>(rows: T[]) {
    const symbols = await market.pairSymbols([...new Set(rows.map((row) => row.pairId))]);
    return (row: T) => symbols.get(row.pairId) ?? '';
  }

  async function analyses(
    query: QueryOf<typeof adminAnalysesEndpoint>,
  ): Promise<AdminListResponse<AnalysisRecord>> {
    const page = await deps.analysis.adminLists.listAnalyses(query, await pairScope(query.search));
    const symbolOf = await withSymbols(page.rows);
    return recordsOf(page, (row) => ({
      id: row.id,
      pair: symbolOf(row),
      userId: row.userId,
      status: row.status,
      stage: row.stage as AnalysisStage | null,
      progrev_score: row.progrevScore,
      density: row.density,
      error: row.error,
      createdAt: iso(row.createdAt),
    }));
  }

  async function analysisSnapshots(
    query: QueryOf<typeof adminAnalysisSnapshotsEndpoint>,
  ): Promise<AdminListResponse<AnalysisSnapshotRecord>> {
    const page = await deps.analysis.adminLists.listSnapshots(query);
    return recordsOf(page, (row) => ({
      id: row.id,
      analysisId: row.analysisId,
      status: row.status,
      stage: row.stage as AnalysisStage | null,
      progress: row.progress,
      snapshot_timestamp: iso(row.snapshotTimestamp),
    }));
  }

  /**
   * Pairs sorted by their own columns are paged by the database; sorted by analysis count or mean
   * progrev (the analysis module's figures) every matching pair is ranked here: the exchange's
   * pair list is small and bounded, analyses are not.
   */
  async function cryptoPairs(
    query: QueryOf<typeof adminCryptoPairsEndpoint>,
  ): Promise<AdminListResponse<CryptoPairRecord>> {
    const sort = query.sort;
    let page: Awaited<ReturnType<typeof market.adminLists.allPairs>>;
    let total: number;
    let figures: Awaited<ReturnType<typeof deps.analysis.adminLists.pairFigures>>;
    if (sort && (sort.key === 'analysis_count' || sort.key === 'avg_progrev')) {
      const all = await market.adminLists.allPairs(query);
      figures = await deps.analysis.adminLists.pairFigures(all.map((pair) => pair.id));
      const figureOf = (pair: { id: number }) =>
        sort.key === 'analysis_count'
          ? (figures.get(pair.id)?.count ?? 0)
          : (figures.get(pair.id)?.avgProgrev ?? null);
      ({ page, total } = rankedPage(all, figureOf, query));
    } else {
      const ownSort = sort as QueryOf<typeof adminCryptoPairsEndpoint>['sort'] & {
        key: Exclude<NonNullable<typeof sort>['key'], 'analysis_count' | 'avg_progrev'>;
      };
      ({ rows: page, total } = await market.adminLists.listPairs({ ...query, sort: ownSort }));
      figures = await deps.analysis.adminLists.pairFigures(page.map((pair) => pair.id));
    }
    return {
      total,
      records: page.map((pair) => ({
        id: String(pair.id),
        symbol: pair.symbol,
        krakenSymbol: pair.krakenSymbol,
        active: pair.active,
        deactivation_attempts: pair.deactivationAttempts,
        analysis_count: figures.get(pair.id)?.count ?? 0,
        avg_progrev: figures.get(pair.id)?.avgProgrev ?? null,
        dynamic_config: pair.dynamicConfig,
        createdAt: iso(pair.createdAt),
        updatedAt: iso(pair.updatedAt),
      })),
    };
  }

  async function tickerLogs(
    query: QueryOf<typeof adminTickerLogsEndpoint>,
  ): Promise<AdminListResponse<TickerLogRecord>> {
    const scope = await pairScope(query.search);
    if (scope.matchingPairIds?.length === 0) return { records: [], total: 0 };
    const page = await market.adminLists.listTickerLogs(query, scope);
    const symbolOf = await withSymbols(page.rows);
    return recordsOf(page, (row) => ({
      id: String(row.id),
      pair: symbolOf(row),
      price: Number(row.price),
      volume: numberOrNull(row.volume),
      percentage: numberOrNull(row.percentage),
      timestamp: iso(row.timestamp),
    }));
  }

  async function offers(
    query: QueryOf<typeof adminOffersEndpoint>,
  ): Promise<AdminListResponse<AdminOfferRecord>> {
    const page = await deps.offers.adminLists.listOffers(query, await pairScope(query.search));
    const symbolOf = await withSymbols(page.rows);
    return recordsOf(page, (row) => adminOfferRecord(row, symbolOf(row)));
  }

  async function triggers(
    query: QueryOf<typeof adminTriggersEndpoint>,
  ): Promise<AdminListResponse<TriggerRecord>> {
    return deps.triggers.adminList(query);
  }

  async function payments(
    query: QueryOf<typeof adminPaymentsEndpoint>,
  ): Promise<AdminListResponse<AdminPaymentRecord>> {
    const page = await deps.payments.adminLists.listPayments(query, await matchingUsers(query.search));
    return recordsOf(page, (row) => ({
      id: row.id,
      userId: row.userId,
      type: row.type,
      amount: toDollars(row.amountCents),
      status: row.status,
      createdAt: iso(row.createdAt),
    }));
  }

  /**
   * Sorted by their own columns users are paged by the database; by balance (the ledger's) every
   * matching user is ranked here.
   */
  async function users(
    query: QueryOf<typeof adminUsersEndpoint>,
  ): Promise<AdminListResponse<AdminUserRecord>> {
    const sort = query.sort;
    let page: Awaited<ReturnType<typeof deps.users.adminLists.allUsers>>;
    let total: number;
    let balances: Map<string, number>;
    if (sort?.key === 'balance') {
      const all = await deps.users.adminLists.allUsers(query);
      const available = await deps.ledger.availableOf(all.map((u) => u.id));
      balances = available;
      ({ page, total } = rankedPage(all, (u) => available.get(u.id) ?? 0, query));
    } else {
      const ownSort = sort as
        { key: 'username' | 'email' | 'createdAt'; direction: 'asc' | 'desc' } | undefined;
      ({ rows: page, total } = await deps.users.adminLists.listUsers({ ...query, sort: ownSort }));
      balances = await deps.ledger.availableOf(page.map((u) => u.id));
    }
    return {
      total,
      records: page.map((u) => ({
        id: u.id,
        username: u.username,
        email: u.email,
        balance: toDollars(balances.get(u.id) ?? 0),
        createdAt: iso(u.createdAt),
      })),
    };
  }

  async function userOffers(
    query: QueryOf<typeof adminUserOffersEndpoint>,
  ): Promise<AdminListResponse<UserOfferRecord>> {
    const page = await deps.offers.adminLists.listUserOffers(query, await matchingUsers(query.search));
    return recordsOf(page, (row) => ({
      id: row.id,
      userId: row.userId,
      offerId: row.offerId,
      action: row.action === 'accepted' ? 'accept' : 'reject',
      entryAmount: row.entryAmountCents === null ? null : toDollars(row.entryAmountCents),
      profitPercent: row.profitPercent,
      createdAt: iso(row.createdAt),
    }));
  }

  async function actionLogs(
    query: QueryOf<typeof adminActionLogsEndpoint>,
  ): Promise<AdminListResponse<ActionLogRecord>> {
    const page = await deps.actionLogs.list(query);
    return recordsOf(page, (row) => ({
      id: String(row.id),
      pair: row.pair,
      action: row.action,
      status: row.status,
      timestamp: iso(row.timestamp),
    }));
  }

  async function userPreferences(
    query: QueryOf<typeof adminUserPreferencesEndpoint>,
  ): Promise<AdminListResponse<UserPreferencesRecord>> {
    const page = await deps.preferences.adminLists.listPreferences(query, await matchingUsers(query.search));
    return recordsOf(page, (row) => ({
      userId: row.userId,
      preferredPairs: row.preferredPairs,
      preferredRiskLevels: row.preferredRiskLevels,
      preferredPositionTypes: row.preferredPositionTypes,
    }));
  }

  /** The approvals screen: pending withdrawals with their owner's name and email. */
  async function approvals(query: ApprovalsQuery): Promise<ApprovalsResponse> {
    const { rows, total } = await deps.payments.adminLists.listPendingWithdrawals(
      { ...query, amountCents: query.amount === undefined ? undefined : toCents(query.amount) },
      await matchingUsers(query.user),
    );
    const contacts = await deps.users.contactsOf(rows.map((row) => row.userId));
    return {
      total,
      approvals: rows.map((row) => ({
        id: row.id,
        type: row.type,
        amount: toDollars(row.amountCents),
        status: row.status,
        createdAt: iso(row.createdAt),
        User: {
          username: contacts.get(row.userId)?.username ?? null,
          email: contacts.get(row.userId)?.email ?? '',
        },
      })),
    };
  }

  return {
    approvals,
    analyses,
    analysisSnapshots,
    cryptoPairs,
    tickerLogs,
    offers,
    triggers,
    payments,
    users,
    userOffers,
    actionLogs,
    userPreferences,
  };
}

export type AdminLists = ReturnType<typeof createAdminLists>;
