/**
 * Rows for every admin list with known ages and a known half that a search finds: row i of each
 * table is `AGES_DAYS[i]` days old, and the odd rows carry the text `SEARCHES` looks for.
 * With 18 rows: 12 within 7 days, 15 within 30, 17 within 90, 18 in all; 9 odd.
 */
import type { Database } from '../../../db/client';
import {
  actionLogs,
  analyses,
  analysisSnapshots,
  cryptoPairs,
  offers,
  payments,
  tickerLogs,
  triggers,
  user,
  userOffers,
  userPreferences,
} from '../../../db/schema';
import { DAY_MS } from '../../../shared/time';

export const AGES_DAYS = [...Array.from({ length: 12 }, (_, i) => 0.1 + i * 0.2), 20, 21, 22, 60, 61, 200];
export const EXPECTED_TOTALS = { '7d': 12, '30d': 15, '90d': 17, all: 18 } as const;
export const ODD_ROWS = AGES_DAYS.length / 2;

/** Per list path: a search that matches exactly the odd rows (mixed case on purpose). */
export const SEARCHES: Record<string, string> = {
  '/api/admin/analyses': 'c1/Eur',
  '/api/admin/analysis-snapshots': 'COMPLET',
  '/api/admin/all-crypto-pairs': 'eur',
  '/api/admin/ticker-logs': 'Eur',
  '/api/admin/offers': 'expired',
  '/api/admin/all-triggers': 'a_b',
  '/api/admin/payments': 'Withdraw',
  '/api/admin/users': 'odd',
  '/api/admin/user-offers': 'reject',
  '/api/admin/action-logs': 'ERROR',
  '/api/admin/user-preferences': 'eth',
};

export async function seedListRows(db: Database, now = Date.now()) {
  const at = (i: number) => new Date(now - AGES_DAYS[i]! * DAY_MS);
  const each = <T>(make: (i: number, odd: boolean) => T) => AGES_DAYS.map((_, i) => make(i, i % 2 === 1));

  const pairs = await db
    .insert(cryptoPairs)
    .values(
      each((i, odd) => ({
        symbol: `C${i}/${odd ? 'EUR' : 'USD'}`,
        krakenSymbol: `C${i}${odd ? 'EUR' : 'USD'}`,
        base: `C${i}`,
        quote: odd ? 'EUR' : 'USD',
        deactivationAttempts: i,
        createdAt: at(i),
      })),
    )
    .returning({ id: cryptoPairs.id, symbol: cryptoPairs.symbol });
  // Even rows of the other tables belong to C0/USD, odd ones to C1/EUR.
  const pairOf = (odd: boolean) => pairs[odd ? 1 : 0]!.id;

  const runs = await db
    .insert(analyses)
    .values(
      each((i, odd) => ({
        pairId: pairOf(odd),
        status: 'completed' as const,
        progrevScore: odd ? 0.8 : 0.2,
        density: i / 10,
        createdAt: at(i),
      })),
    )
    .returning({ id: analyses.id });
  await db.insert(analysisSnapshots).values(
    each((i, odd) => ({
      analysisId: runs[0]!.id,
      status: odd ? ('completed' as const) : ('running' as const),
      progress: i * 5,
      snapshotTimestamp: at(i),
    })),
  );
  await db.insert(tickerLogs).values(
    each((i, odd) => ({
      pairId: pairOf(odd),
      price: `${100 + i}.12345678`,
      volume: odd ? null : `${i * 1000}.5`,
      percentage: '1.2345',
      timestamp: at(i),
    })),
  );
  const offerRows = await db
    .insert(offers)
    .values(
      each((i, odd) => ({
        pairId: pairOf(odd),
        positionType: 'long' as const,
        direction: 'long' as const,
        side: 'buy' as const,
        riskLevel: 'medium' as const,
        trend: 'bullish' as const,
        heatScore: 40 + i,
        successRate: 60,
        expectedProfitPercent: 1.5,
        entryPrice: '100',
        takeProfitPercent: 2,
        stopLossPercent: 1,
        horizonMinutes: 60,
        status: odd ? ('expired' as const) : ('closed' as const),
        expiresAt: at(i),
        createdAt: at(i),
        updatedAt: at(i),
      })),
    )
    .returning({ id: offers.id });
  await db.insert(triggers).values(
    each((i, odd) => ({
      type: 'news' as const,
      symbol: 'BTC/USD',
      // An unescaped `_` would match the even rows' `axb` too.
      source: `https://feeds.example/${odd ? 'a_b' : 'axb'}${i}`,
      createdAt: at(i),
    })),
  );
  const users = await db
    .insert(user)
    .values(
      each((i, odd) => ({
        // Zero-padded: the newest first is also user id order.
        id: `list-user-${String(i).padStart(2, '0')}`,
        name: `List User ${i}`,
        email: `${odd ? 'odd' : 'even'}${i}@list.example`,
        username: `lister${i}`,
        createdAt: at(i),
      })),
    )
    .returning({ id: user.id });
  await db.insert(payments).values(
    each((i, odd) => ({
      userId: users[i]!.id,
      type: odd ? ('withdrawal' as const) : ('deposit' as const),
      amountCents: 1000 + i,
      status: 'completed' as const,
      createdAt: at(i),
    })),
  );
  await db.insert(userOffers).values(
    each((i, odd) => ({
      userId: users[i]!.id,
      offerId: offerRows[i]!.id,
      action: odd ? ('rejected' as const) : ('accepted' as const),
      entryAmountCents: odd ? null : 25_050,
      profitPercent: odd ? null : 1.5,
      createdAt: at(i),
    })),
  );
  await db.insert(actionLogs).values(
    each((i, odd) => ({
      pair: odd ? 'C1/EUR' : 'C0/USD',
      action: 'analysis',
      status: odd ? 'error' : 'ok',
      timestamp: at(i),
    })),
  );
  await db.insert(userPreferences).values(
    each((i, odd) => ({
      userId: users[i]!.id,
      preferredPairs: [odd ? 'ETH/USD' : 'BTC/USD'],
      updatedAt: at(i),
    })),
  );
  return { pairs };
}
