import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listOffersEndpoint, offerFeedbackEndpoint } from '../../../contract/offers';
import type { ViewerResolver } from '../auth/viewer';
import type { OffersService } from './offers.service';

export function registerOfferRoutes(
  app: FastifyInstance,
  deps: { offers: OffersService; viewers: ViewerResolver },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Signed-in calls: 401 comes before any validation of the input.
  const signedIn = async (request: Parameters<ViewerResolver['requireUser']>[0]) => {
    await deps.viewers.requireUser(request);
  };
  typed.get(
    listOffersEndpoint.path,
    {
      onRequest: signedIn,
      schema: { querystring: listOffersEndpoint.query, response: { 200: listOffersEndpoint.response } },
    },
    async (request) => {
      const viewer = await deps.viewers.requireUser(request);
      return deps.offers.list(viewer.userId, request.query);
    },
  );
  typed.post(
    offerFeedbackEndpoint.path,
    {
      onRequest: signedIn,
      schema: {
        params: offerFeedbackEndpoint.params,
        body: offerFeedbackEndpoint.body,
        response: { 200: offerFeedbackEndpoint.response },
      },
    },
    async (request) => {
      const viewer = await deps.viewers.requireUser(request);
      await deps.offers.addFeedback(viewer.userId, request.params.offerId, request.body);
      return { ok: true as const };
    },
  );
}
