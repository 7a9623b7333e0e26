import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminPairDetailsEndpoint } from '../../../contract/admin-pair-details';
import type { PairDetails } from './pair-details';

/** Admin-only: the route guard has checked the caller already (every /api/admin path is admin). */
export function registerPairDetailsRoutes(scope: FastifyInstance, pairDetails: PairDetails): void {
  scope.withTypeProvider<ZodTypeProvider>().get(
    adminPairDetailsEndpoint.path,
    {
      schema: {
        params: adminPairDetailsEndpoint.params,
        response: { 200: adminPairDetailsEndpoint.response },
      },
    },
    (request) => pairDetails(request.params.pair),
  );
}
