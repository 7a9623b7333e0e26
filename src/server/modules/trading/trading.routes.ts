import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptOfferEndpoint } from '../../../contract/offers';
import { guardrailsEndpoint, listTradesEndpoint, tradeStatusEndpoint } from '../../../contract/trades';
import { idempotent } from '../../http/idempotency';
import type { ViewerResolver } from '../auth/viewer';
import type { LedgerService } from '../ledger/ledger.service';
import type { TradingService } from './trading.service';

export function registerTradingRoutes(
  app: FastifyInstance,
  deps: { trading: TradingService; ledger: Pick<LedgerService, 'idempotency'>; viewers: ViewerResolver },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    acceptOfferEndpoint.path,
    {
      schema: {
        params: acceptOfferEndpoint.params,
        body: acceptOfferEndpoint.body,
        // 202: the order was sent but its outcome is not known yet; the trade waits for it.
        response: { 200: acceptOfferEndpoint.response, 202: acceptOfferEndpoint.response },
      },
    },
    async (request, reply) => {
      const viewer = await deps.viewers.requireUser(request);
      return idempotent(request, reply, viewer.userId, deps.ledger, async (scope) => {
        const accepted = await deps.trading.accept(viewer.userId, request.params.id, request.body, scope);
        if (accepted.trade.orderCheck) void reply.code(202);
        return accepted;
      });
    },
  );

  typed.get(
    listTradesEndpoint.path,
    { schema: { querystring: listTradesEndpoint.query, response: { 200: listTradesEndpoint.response } } },
    async (request) => {
      const viewer = await deps.viewers.requireUser(request);
      return deps.trading.list(viewer.userId, request.query);
    },
  );

  typed.get(
    tradeStatusEndpoint.path,
    { schema: { params: tradeStatusEndpoint.params, response: { 200: tradeStatusEndpoint.response } } },
    async (request) => {
      const viewer = await deps.viewers.requireUser(request);
      return deps.trading.status(viewer.userId, request.params.id);
    },
  );

  typed.get(guardrailsEndpoint.path, { schema: { response: { 200: guardrailsEndpoint.response } } }, () =>
    deps.trading.guardrails(),
  );
}
