/**
 * POST /api/admin/manage-pairs and /api/admin/sync-kraken-pairs, the admin's layer over the
 * market module's pair edits (market/pair-edits.ts), which make the change (audited, announced as
 * `pair_updates`); the answer is the pair as the admin lists show it, read by the admin read side.
 */
import type {
  CryptoPairRecord,
  ManagePairInput,
  ManagePairResponse,
  SyncKrakenPairsResponse,
} from '../../../contract/admin-pairs';
import { badRequest, HttpError } from '../../http/errors';
import { cryptoPairRecord } from '../admin/queries/crypto-pairs.query';
import type { ReadDb } from '../../db/read-db';
import type { MarketService } from '../market/market.service';

export interface PairsAdminDeps {
  market: Pick<MarketService, 'addPair' | 'updatePair' | 'deletePair' | 'syncPairs'>;
  db: ReadDb;
}

export function createPairsAdmin(deps: PairsAdminDeps) {
  const toRecord = (row: Parameters<typeof cryptoPairRecord>[1]): Promise<CryptoPairRecord> =>
    cryptoPairRecord(deps.db, row);

  return {
    async manage(input: ManagePairInput, adminId: string): Promise<ManagePairResponse> {
      switch (input.action) {
        case 'add': {
          const [base, quote] = input.symbol.split('/') as [string, string];
          const row = await deps.market.addPair(
            {
              symbol: input.symbol,
              // The spec's default: the symbol without its slash (BTC/USD → BTCUSD).
              krakenSymbol: input.krakenSymbol ?? `${base}${quote}`,
              base,
              quote,
              active: input.active,
              dynamicConfig: input.dynamic_config,
            },
            adminId,
          );
          return { pair: await toRecord(row) };
        }
        case 'update': {
          const changes = {
            ...(input.krakenSymbol !== undefined && { krakenSymbol: input.krakenSymbol }),
            ...(input.active !== undefined && { active: input.active }),
            ...(input.dynamic_config !== undefined && { dynamicConfig: input.dynamic_config }),
          };
          if (Object.keys(changes).length === 0)
            throw badRequest('Nothing to update: send krakenSymbol, active or dynamic_config');
          return { pair: await toRecord(await deps.market.updatePair(input.symbol, changes, adminId)) };
        }
        case 'delete':
          await deps.market.deletePair(input.symbol, adminId);
          return { pair: null };
      }
    },

    /** 502 naming the exchange's failure when its pair list cannot be read; nothing changes then. */
    async sync(adminId: string): Promise<SyncKrakenPairsResponse> {
      try {
        return { data: await deps.market.syncPairs(adminId) };
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        throw new HttpError(502, `Failed to sync Kraken pairs: ${message}`);
      }
    },
  };
}

export type PairsAdmin = ReturnType<typeof createPairsAdmin>;
