import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPrebuiltWithETag } from '../../http/prebuilt-json';
import { adminHeatMapEndpoint } from '../../../contract/admin-heatmap';
import { heatMapEndpoint } from '../../../contract/heatmap';
import { adminHeatMapFilter, heatMapJson, selectHeatMap, traderHeatMapFilter } from './heat-map.query';
import type { HeatMapStore } from './heat-map.store';

/*
 * Both answers are assembled from each entry's JSON, validated against the contract when the entry
 * was built, so a read costs a filter, a sort and a string join: no database, no re-serialising.
 * (Fastify sends a string with a JSON content type as is.)
 */

/** GET /api/offers/heat-map: public, for the landing page as much as for traders. */
export function registerHeatMapRoutes(app: FastifyInstance, deps: { heatMap: HeatMapStore }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      heatMapEndpoint.path,
      { schema: { querystring: heatMapEndpoint.query, response: { 200: heatMapEndpoint.response } } },
      async (request, reply) => {
        const filter = traderHeatMapFilter(request.query);
        const selected = selectHeatMap(deps.heatMap.entries(), filter, deps.heatMap.now());
        const audience = request.query.histories === 'none' ? 'lean' : 'public';
        return sendPrebuiltWithETag(request, reply, heatMapJson(selected, audience));
      },
    );
}

/** GET /api/admin/heat-map: every pair, with what only admins see. */
export function registerAdminHeatMapRoutes(scope: FastifyInstance, deps: { heatMap: HeatMapStore }): void {
  scope.withTypeProvider<ZodTypeProvider>().get(
    adminHeatMapEndpoint.path,
    {
      schema: { querystring: adminHeatMapEndpoint.query, response: { 200: adminHeatMapEndpoint.response } },
    },
    async (request, reply) => {
      const filter = adminHeatMapFilter(request.query);
      const selected = selectHeatMap(deps.heatMap.entries(), filter, deps.heatMap.now());
      return sendPrebuiltWithETag(request, reply, heatMapJson(selected, 'admin'));
    },
  );
}
