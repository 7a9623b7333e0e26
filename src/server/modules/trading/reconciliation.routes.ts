import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acknowledgeDriftEndpoint,
  reconciliationEndpoint,
  runReconciliationEndpoint,
} from '../../../contract/reconciliation';
import type { ViewerResolver } from '../auth/viewer';
import type { ReconciliationService } from './reconciliation.service';

/** Reconciliation's back office: admins read the runs, run one now and acknowledge a drift. */
export function registerReconciliationRoutes(
  scope: FastifyInstance,
  deps: { reconciliation: ReconciliationService; viewers: ViewerResolver },
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    reconciliationEndpoint.path,
    { schema: { response: { 200: reconciliationEndpoint.response } } },
    async (request) => {
      await deps.viewers.requireAdmin(request);
      return deps.reconciliation.state();
    },
  );

  app.post(
    runReconciliationEndpoint.path,
    {
      schema: { body: runReconciliationEndpoint.body, response: { 200: runReconciliationEndpoint.response } },
    },
    async (request) => {
      await deps.viewers.requireAdmin(request);
      return deps.reconciliation.run('admin');
    },
  );

  app.post(
    acknowledgeDriftEndpoint.path,
    {
      schema: {
        params: acknowledgeDriftEndpoint.params,
        body: acknowledgeDriftEndpoint.body,
        response: { 200: acknowledgeDriftEndpoint.response },
      },
    },
    async (request) => {
      const admin = await deps.viewers.requireAdmin(request);
      return deps.reconciliation.acknowledge(request.params.id, admin, request.body.note);
    },
  );
}
