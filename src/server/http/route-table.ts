import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { ApiKeyAccess, EndpointAuth } from '../../contract/common';
import { routeApiKeyAccess, routeAuth } from './route-auth';

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  /** Who may call it (see route-auth.ts). */
  auth: EndpointAuth;
  /** What a personal API key needs to call it (`none`: no key may). */
  apiKey: ApiKeyAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, for operators' diagnostics and the robustness tests. */
    routeTable: RouteEntry[];
  }
}

/** Must run before any route is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD' && method !== 'OPTIONS')
        table.push({
          method,
          url: route.url,
          auth: routeAuth(method, route.url, route.config?.auth),
          apiKey: routeApiKeyAccess(method, route.url, route.config?.auth),
        });
    }
  });
}
