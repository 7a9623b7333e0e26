import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminPairDetailsEndpoint } from '../../../contract/admin-pair-details';
import type { PairDetails } from './pair-details';

/** Admin-only: registered inside the admin scope, which has checked the caller already. */
export function registerPairDetailsRoutes(pairDetails: PairDetails) {
  return (scope: FastifyInstance) => {
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
  };
}
