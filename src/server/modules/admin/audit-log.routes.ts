import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAuditLogsEndpoint } from '../../../contract/admin-collections';
import type { LogsService } from '../logs/logs.service';

/** Admin-only (every /api/admin path is: http/route-auth.ts). */
export function registerAuditLogRoutes(
  scope: FastifyInstance,
  deps: { logs: Pick<LogsService, 'listAudit'> },
): void {
  scope.withTypeProvider<ZodTypeProvider>().get(
    adminAuditLogsEndpoint.path,
    {
      schema: {
        querystring: adminAuditLogsEndpoint.query,
        response: { 200: adminAuditLogsEndpoint.response },
      },
    },
    (request) => deps.logs.listAudit(request.query),
  );
}
