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
import type { AdminLists } from './admin-lists';

/** Admin-only: registered inside the admin scope, which has checked the caller already. */
export function registerAdminListRoutes(lists: AdminLists) {
  return (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const list = <E extends { path: string; query: z.ZodType; response: z.ZodType }>(
      endpoint: E,
      handler: (query: z.output<E['query']>) => Promise<z.output<E['response']>>,
    ) =>
      app.get(
        endpoint.path,
        { schema: { querystring: endpoint.query, response: { 200: endpoint.response } } },
        (request) => handler(request.query as z.output<E['query']>),
      );
    list(adminAnalysesEndpoint, lists.analyses);
    list(adminAnalysisSnapshotsEndpoint, lists.analysisSnapshots);
    list(adminCryptoPairsEndpoint, lists.cryptoPairs);
    list(adminTickerLogsEndpoint, lists.tickerLogs);
    list(adminOffersEndpoint, lists.offers);
    list(adminTriggersEndpoint, lists.triggers);
    list(adminPaymentsEndpoint, lists.payments);
    list(adminUsersEndpoint, lists.users);
    list(adminUserOffersEndpoint, lists.userOffers);
    list(adminActionLogsEndpoint, lists.actionLogs);
    list(adminUserPreferencesEndpoint, lists.userPreferences);
    list(approvalsEndpoint, lists.approvals);
  };
}
