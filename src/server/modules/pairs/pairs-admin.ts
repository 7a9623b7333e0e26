/**
 * POST /api/admin/manage-pairs and /api/admin/sync-kraken-pairs. The market module makes the
 * change (audited, announced as `pair_updates`); the analysis module adds each pair's run figures.
 */
import type {
  CryptoPairRecord,
  ManagePairInput,
  ManagePairResponse,
  SyncKrakenPairsResponse,
} from '../../../contract/admin-pairs';
import { badRequest, HttpError } from '../../http/errors';
import type { AnalysisService } from '../analysis/analysis.service';
import type { CryptoPairRow } from '../market/market.repo';
import type { MarketService } from '../market/market.service';

export interface PairsAdminDeps {
  market: Pick<MarketService, 'addPair' | 'updatePair' | 'deletePair' | 'syncPairs'>;
  analysis: Pick<AnalysisService, 'statsByPair'>;
}

export function createPairsAdmin(deps: PairsAdminDeps) {
  async function toRecord(row: CryptoPairRow): Promise<CryptoPairRecord> {
    const stats = (await deps.analysis.statsByPair([row.id])).get(row.id);
    return {
      id: String(row.id),
      symbol: row.symbol,
      krakenSymbol: row.krakenSymbol,
      active: row.active,
      deactivation_attempts: row.deactivationAttempts,
      analysis_count: stats?.count ?? 0,
      avg_progrev: stats?.avgProgrev ?? null,
      dynamic_config: row.dynamicConfig,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

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
