import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listOffersEndpoint, offerFeedbackEndpoint, rejectOfferEndpoint } from '../../../contract/offers';
import { sendPrebuilt } from '../../http/prebuilt-json';
import type { ViewerResolver } from '../auth/viewer';
import type { OffersService } from './offers.service';

export function registerOfferRoutes(
  app: FastifyInstance,
  deps: { offers: OffersService; viewers: ViewerResolver },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    listOffersEndpoint.path,
    {
      schema: { querystring: listOffersEndpoint.query, response: { 200: listOffersEndpoint.response } },
    },
    async (request, reply) => {
      const viewer = await deps.viewers.requireUser(request);
      // Assembled from each offer's JSON, validated against the contract when the offer was built.
      const json = await deps.offers.listJson(viewer.userId, request.query);
      return sendPrebuilt(reply, json);
    },
  );
  typed.post(
    offerFeedbackEndpoint.path,
    {
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
  typed.post(
    rejectOfferEndpoint.path,
    {
      schema: { params: rejectOfferEndpoint.params, response: { 200: rejectOfferEndpoint.response } },
    },
    async (request) => {
      const viewer = await deps.viewers.requireUser(request);
      await deps.offers.reject(viewer.userId, request.params.id);
      return { ok: true as const };
    },
  );
}
