import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
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
import { approvalsEndpoint } from '../../../contract/admin-approvals';
import { listActionLogs } from './queries/action-logs.query';
import { listAnalyses, listAnalysisSnapshots } from './queries/analyses.query';
import { listCryptoPairs } from './queries/crypto-pairs.query';
import { listOffers, listUserOffers } from './queries/offers.query';
import { listApprovals, listPayments } from './queries/payments.query';
import type { ReadDb } from '../../db/read-db';
import { listTickerLogs } from './queries/ticker-logs.query';
import { listTriggers } from './queries/triggers.query';
import { listUserPreferences } from './queries/user-preferences.query';
import { listUsers } from './queries/users.query';

/**
 * The eleven admin list collections (admin spec section 7; the audit logs are the logs module's)
 * and the approvals screen, each one read-side query. Admin-only: registered inside the admin
 * scope, which has checked the caller already.
 */
export function registerAdminListRoutes(scope: FastifyInstance, db: ReadDb): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const list = <E extends { path: string; query: z.ZodType; response: z.ZodType }>(
    endpoint: E,
    query: (db: ReadDb, query: z.output<E['query']>) => Promise<z.output<E['response']>>,
  ) =>
    app.get(
      endpoint.path,
      { schema: { querystring: endpoint.query, response: { 200: endpoint.response } } },
      (request) => query(db, request.query as z.output<E['query']>),
    );
  list(adminAnalysesEndpoint, listAnalyses);
  list(adminAnalysisSnapshotsEndpoint, listAnalysisSnapshots);
  list(adminCryptoPairsEndpoint, listCryptoPairs);
  list(adminTickerLogsEndpoint, listTickerLogs);
  list(adminOffersEndpoint, listOffers);
  list(adminTriggersEndpoint, listTriggers);
  list(adminPaymentsEndpoint, listPayments);
  list(adminUsersEndpoint, listUsers);
  list(adminUserOffersEndpoint, listUserOffers);
  list(adminActionLogsEndpoint, listActionLogs);
  list(adminUserPreferencesEndpoint, listUserPreferences);
  list(approvalsEndpoint, listApprovals);
}
