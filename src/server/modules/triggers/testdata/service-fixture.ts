import { createTestDatabase } from '../../../db/testing';
import { user } from '../../../db/schema';
import type { FetchFeed } from '../feed-source';
import { autoAnalysisConfigSchema } from '../../../../contract/admin-settings';
import { createLogsService } from '../../logs/logs.service';
import { createTriggersService } from '../triggers.service';
import type { AnalysisRequest } from '../triggers.types';

export const NOW = Date.UTC(2025, 0, 15, 12);

/**
 * A triggers service on a fresh database with a recording fake pipeline and a settable clock.
 * `failNext` makes the next analysis request throw.
 */
export async function createServiceFixture(options: { fetchFeed?: FetchFeed } = {}) {
  const database = await createTestDatabase();
  const db = database.db;
  const adminId = 'admin-1';
  await db.insert(user).values({ id: adminId, name: 'Admin', email: 'admin@example.com' });
  const requests: AnalysisRequest[] = [];
  const state = { now: NOW, failNext: false };
  const logs = createLogsService(db);
  const thresholds = async () => autoAnalysisConfigSchema.parse({});
  const service = createTriggersService({
    db,
    logs,
    thresholds,
    clock: () => state.now,
    ...(options.fetchFeed && { fetchFeed: options.fetchFeed }),
    requestAnalysis: async (request) => {
      if (state.failNext) {
        state.failNext = false;
        throw new Error('pipeline is down');
      }
      requests.push(request);
      return { analysisId: `analysis-${requests.length}` };
    },
  });
  return { db, logs, thresholds, service, adminId, requests, state, close: () => database.close() };
}
