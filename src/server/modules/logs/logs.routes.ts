import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAuditLogsEndpoint } from '../../../contract/admin-collections';
import type { LogsService } from './logs.service';

/** Admin-only: registered inside the admin scope. */
export function registerAuditLogRoutes(deps: { logs: Pick<LogsService, 'listAudit'> }) {
  return (scope: FastifyInstance) => {
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
  };
}
