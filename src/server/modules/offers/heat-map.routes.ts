import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminHeatMapEndpoint } from '../../../contract/admin-heatmap';
import { heatMapEndpoint } from '../../../contract/heatmap';
import { adminHeatMapFilter, heatMapJson, selectHeatMap, traderHeatMapFilter } from './heat-map.query';
import type { HeatMapStore } from './heat-map.store';

/*
 * Both answers are assembled from each entry's JSON, validated against the contract when the entry
 * was built, so a read costs a filter, a sort and a string join: no database, no re-serialising.
 * (Fastify sends a string with a JSON content type as is.)
 */

/**
 * The text is the response object already serialised. Its hash is the ETag (weak: compression may
 * change the bytes, not the meaning), so a client polling an unchanged map gets a bodiless 304, and
 * every api process gives the same tag for the same map.
 */
function sendPrebuilt(request: FastifyRequest, reply: FastifyReply, json: string) {
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/** If-None-Match holds `*` or a comma list of tags; weak comparison ignores the `W/` prefix. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === bare;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The heat-map read model (tests reload it after seeding rows). */
    heatMap: HeatMapStore;
  }
}

/**
 * GET /api/offers/heat-map: public, for the landing page as much as for traders. The store is
 * loaded when the app is ready and stopped when it closes.
 */
export function registerHeatMapRoutes(app: FastifyInstance, deps: { heatMap: HeatMapStore }): void {
  app.decorate('heatMap', deps.heatMap);
  app.addHook('onReady', () => deps.heatMap.start());
  app.addHook('onClose', async () => deps.heatMap.stop());
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      heatMapEndpoint.path,
      { schema: { querystring: heatMapEndpoint.query, response: { 200: heatMapEndpoint.response } } },
      async (request, reply) => {
        const filter = traderHeatMapFilter(request.query);
        const selected = selectHeatMap(deps.heatMap.entries(), filter, deps.heatMap.now());
        return sendPrebuilt(request, reply, heatMapJson(selected));
      },
    );
}

/** GET /api/admin/heat-map: register inside the admin scope. */
export function registerAdminHeatMapRoutes(deps: { heatMap: HeatMapStore }) {
  return (scope: FastifyInstance) => {
    scope.withTypeProvider<ZodTypeProvider>().get(
      adminHeatMapEndpoint.path,
      {
        schema: { querystring: adminHeatMapEndpoint.query, response: { 200: adminHeatMapEndpoint.response } },
      },
      async (request, reply) => {
        const filter = adminHeatMapFilter(request.query);
        const selected = selectHeatMap(deps.heatMap.entries(), filter, deps.heatMap.now());
        return sendPrebuilt(request, reply, heatMapJson(selected, 'admin'));
      },
    );
  };
}
