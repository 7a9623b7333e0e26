/**
 * The public track record. Writes: the offers module commits each offer as it publishes it, each
 * later move of its horizon and its outcome, inside the transaction of the change it records (the
 * `commit*` functions, given that transaction). Reads: the public page's figures, computed from the
 * chain's entries alone, and the export, streamed in chain order a page at a time.
 */
import type { GateBacktestDay } from '../../../contract/signal-quality';
import type {
  TrackRecordFamily,
  TrackRecordHead,
  TrackRecordOffer,
  TrackRecordQuery,
  TrackRecordResponse,
} from '../../../contract/track-record';
import type { Database, Queryable } from '../../db/client';
import { compareWithBacktest } from './backtest-comparison';
import { canonicalJson } from './canonical-json';
import {
  entryBody,
  offerEntry,
  outcomeEntry,
  revisionEntry,
  type OfferRevision,
  type OfferSettlement,
  type PublishedOffer,
} from './track-record-entries';
import { equityCurve, figuresOf, thin, type SettledReturn } from './track-record-figures';
import { createTrackRecordRepo, type RecordedOffer } from './track-record.repo';

export type { OfferRevision, OfferSettlement, PublishedOffer };

/** Commits a just-published offer (in the transaction that inserted it). */
export async function commitOffer(tx: Queryable, offer: PublishedOffer): Promise<void> {
  await createTrackRecordRepo(tx).append(entryBody(offerEntry(offer)));
}

/** Appends a move of a committed offer's horizon; nothing for an offer from before the record. */
export async function commitRevision(tx: Queryable, offerId: string, revision: OfferRevision): Promise<void> {
  const repo = createTrackRecordRepo(tx);
  const commitment = await repo.commitmentOf(offerId);
  if (commitment !== null) await repo.append(entryBody(revisionEntry(offerId, commitment, revision)));
}

/** Appends a committed offer's outcome; nothing for an offer from before the record. */
export async function commitOutcome(tx: Queryable, offerId: string, settled: OfferSettlement): Promise<void> {
  const repo = createTrackRecordRepo(tx);
  const commitment = await repo.commitmentOf(offerId);
  if (commitment !== null) await repo.append(entryBody(outcomeEntry(offerId, commitment, settled)));
}

const DAY_MS = 86_400_000;
const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90, all: null } as const;
/** Rows per read of the export: bounded memory however long the chain grows. */
const EXPORT_PAGE = 1_000;
const EQUITY_POINTS = 500;
/** Answers kept per (chain head, backtest, filters); each process keeps its own few. */
const CACHE_SIZE = 16;

const str = (value: unknown): string => (typeof value === 'string' ? value : String(value));
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : num(value));

function toOffer(row: RecordedOffer): TrackRecordOffer {
  const o = row.offer;
  const x = row.outcome;
  const exitPrice = x ? numOrNull(x.exitPrice) : null;
  return {
    seq: row.seq,
    hash: row.hash,
    offerId: str(o.offerId),
    pair: str(o.pair),
    side: o.side === 'sell' ? 'sell' : 'buy',
    positionType: str(o.positionType) as TrackRecordOffer['positionType'],
    family: typeof o.family === 'string' ? o.family : null,
    bypass: o.bypass === true,
    publishedAt: str(o.publishedAt),
    entryPrice: str(o.entryPrice),
    takeProfitPercent: numOrNull(o.takeProfitPercent),
    stopLossPercent: numOrNull(o.stopLossPercent),
    horizonMinutes: row.horizonMinutes ?? num(o.horizonMinutes),
    extensions: row.extensions,
    predictedSuccessRate: num(o.successRate),
    expectedProfitPercent: num(o.expectedProfitPercent),
    feePercent: num(o.feePercent),
    outcome: x ? (str(x.outcome) as TrackRecordOffer['outcome']) : 'pending',
    exitPrice: exitPrice === null ? null : String(exitPrice),
    netReturnPercent: x ? numOrNull(x.netReturnPercent) : null,
    settledAt: x ? str(x.settledAt) : null,
  };
}

const isSettled = (o: TrackRecordOffer) =>
  o.netReturnPercent !== null &&
  (o.outcome === 'succeeded' || o.outcome === 'failed' || o.outcome === 'neither');

function figuresFor(offers: readonly TrackRecordOffer[]) {
  const settled: SettledReturn[] = offers
    .filter(isSettled)
    .map((o) => ({
      netReturnPercent: o.netReturnPercent!,
      succeeded: o.outcome === 'succeeded',
      predictedSuccessRate: o.predictedSuccessRate,
      settledAt: o.settledAt!,
    }))
    .sort((a, b) => a.settledAt.localeCompare(b.settledAt));
  return {
    settled,
    figures: figuresOf({
      offers: offers.length,
      pending: offers.filter((o) => o.outcome === 'pending').length,
      unscoreable: offers.filter((o) => o.outcome === 'unscoreable').length,
      settled,
    }),
  };
}

export interface TrackRecordDeps {
  db: Database;
  /** The latest walk-forward of the publication gate, by family and day (null before the first). */
  gateBacktest(): Promise<{ computedAt: string; days: GateBacktestDay[] } | null>;
}

export function createTrackRecordService(deps: TrackRecordDeps) {
  const repo = createTrackRecordRepo(deps.db);
  const cache = new Map<string, Omit<TrackRecordResponse, 'offers'> & { list: TrackRecordOffer[] }>();

  async function compute(query: TrackRecordQuery, head: TrackRecordHead, backtest: GateBacktestDay[] | null) {
    const days = PERIOD_DAYS[query.period];
    const rows = await repo.offers({
      family: query.family,
      pair: query.pair,
      since: days === null ? null : new Date(Date.now() - days * DAY_MS),
    });
    const list = rows.map(toOffer);
    const counted = list.filter((o) => !o.bypass);
    const { settled, figures } = figuresFor(counted);
    const decidedAt = new Map(
      rows.map((r) => [
        str(r.offer.offerId),
        Date.parse(str((r.offer.gate as { decidedAt?: string })?.decidedAt)),
      ]),
    );
    const byFamily = new Map<string, TrackRecordOffer[]>();
    for (const o of counted)
      if (o.family !== null) byFamily.set(o.family, [...(byFamily.get(o.family) ?? []), o]);
    const families: TrackRecordFamily[] = [...byFamily]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([family, offers]) => ({
        family,
        live: figuresFor(offers).figures,
        backtest:
          backtest === null
            ? null
            : compareWithBacktest(
                offers
                  .filter((o) => isSettled(o) && Number.isFinite(decidedAt.get(o.offerId)))
                  .map((o) => ({
                    decidedAt: decidedAt.get(o.offerId)!,
                    netReturnPercent: o.netReturnPercent!,
                  })),
                backtest.filter((d) => d.family === family),
              ),
      }));
    return {
      head,
      startedAt: (await repo.startedAt())?.toISOString() ?? null,
      options: await repo.options(),
      figures,
      bypassOffers: list.length - counted.length,
      // From 0 when the first offer the filters match was published: a follower starts there.
      equity: settled.length
        ? thin(
            [{ at: counted[0]!.publishedAt, totalNetReturnPercent: 0 }, ...equityCurve(settled).points],
            EQUITY_POINTS,
          )
        : [],
      families,
      list: list.reverse(),
    };
  }

  async function head(): Promise<TrackRecordHead> {
    const latest = await repo.head();
    return { count: latest.count, hash: latest.hash, recordedAt: latest.recordedAt?.toISOString() ?? null };
  }

  return {
    head,

    /** The public page: figures, curve and families for the filters, and a page of the offers. */
    async read(query: TrackRecordQuery): Promise<TrackRecordResponse> {
      const [current, backtest] = await Promise.all([head(), deps.gateBacktest()]);
      const { offset, limit, ...filters } = query;
      const key = canonicalJson({
        head: current.hash,
        backtest: backtest?.computedAt ?? null,
        // A period slides with the clock even when nothing is appended.
        minute: filters.period === 'all' ? null : Math.floor(Date.now() / 60_000),
        ...filters,
      });
      let answer = cache.get(key);
      if (!answer) {
        answer = await compute(query, current, backtest?.days ?? null);
        cache.set(key, answer);
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      const { list, ...rest } = answer;
      return { ...rest, offers: { data: list.slice(offset, offset + limit), total: list.length } };
    },

    /**
     * The export's lines, oldest first, a page at a time, then the head line. The head is read first and the export
     * stops there: entries appended meanwhile belong to the next export, and this one stays a
     * chain that verifies on its own.
     */
    async *exportLines(): AsyncGenerator<string> {
      const head = await repo.head();
      let after = 0;
      while (after < head.count) {
        const rows = await repo.page(after, head.count, EXPORT_PAGE);
        if (rows.length === 0) break;
        // One chunk per page: a write per line cost the socket about a millisecond each.
        yield rows
          .map(
            (row) =>
              `{"seq":${row.seq},"recordedAt":${JSON.stringify(row.recordedAt)},"entry":${row.body},"prevHash":${JSON.stringify(row.prevHash)},"hash":${JSON.stringify(row.hash)}}\n`,
          )
          .join('');
        after = rows.at(-1)!.seq;
      }
      yield `${JSON.stringify({ head: { count: head.count, hash: head.hash, exportedAt: new Date().toISOString() } })}\n`;
    },
  };
}

export type TrackRecordService = ReturnType<typeof createTrackRecordService>;
