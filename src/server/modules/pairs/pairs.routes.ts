import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pairSubscribeEndpoint, pairTickerEndpoint, type PairStreamMessage } from '../../../contract/pairs';
import { badRequest } from '../../http/errors';
import { isBusEvent, type EventBus } from '../../realtime/event-bus';
import { createEventStreams } from '../../realtime/sse';
import type { ViewerResolver } from '../auth/viewer';
import type { HeatMapStore } from '../offers/heat-map.store';
import type { PairsService } from './pairs.service';

export interface PairRoutesDeps {
  pairs: PairsService;
  viewers: ViewerResolver;
  bus: EventBus;
  heatMap: Pick<HeatMapStore, 'get'>;
  heartbeatMs?: number;
}

export function registerPairRoutes(app: FastifyInstance, deps: PairRoutesDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    pairTickerEndpoint.path,
    {
      schema: {
        params: pairTickerEndpoint.params,
        querystring: pairTickerEndpoint.query,
        response: { 200: pairTickerEndpoint.response },
      },
    },
    async (request) => ({ tickers: [await deps.pairs.ticker(request.params.pair, request.query.include)] }),
  );

  const streams = createEventStreams(app, { heartbeatMs: deps.heartbeatMs });
  typed.get(
    pairSubscribeEndpoint.path,
    { schema: { querystring: pairSubscribeEndpoint.query } },
    async (request, reply) => {
      const wanted = new Set(request.query.pairs);
      const known = await deps.pairs.knownSymbols([...wanted]);
      const unknown = [...wanted].filter((p) => !known.has(p));
      if (unknown.length) throw badRequest(`Unknown pair: ${unknown.join(', ')}`);

      const stream = streams.open(request, reply);
      const send = (message: PairStreamMessage) => stream.send(message, message.type);
      for (const pair of wanted) {
        const entry = deps.heatMap.get(pair);
        if (entry) send({ type: 'heatmap', pair, entry });
      }
      const unsubscribe = deps.bus.subscribe((message) => {
        if (isBusEvent(message, 'ticker') && wanted.has(message.payload.pair)) {
          send({ type: 'ticker', pair: message.payload.pair, ticker: message.payload.ticker });
        } else if (isBusEvent(message, 'heatmap_update')) {
          for (const [pair, entry] of Object.entries(message.payload)) {
            if (wanted.has(pair)) send({ type: 'heatmap', pair, entry });
          }
        }
      });
      stream.onClose(unsubscribe);
      return reply;
    },
  );
}
