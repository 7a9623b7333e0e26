/**
 * Who may call each route, decided once for the whole app: a route's `config.auth` if it sets
 * one, else `admin` for anything under /api/admin (wherever the route is registered), else its
 * contract endpoint's `auth` (unset there means `user`), else `user` for anything under /api
 * (fail closed) and `public` outside it (SPA, static files).
 *
 * `guardRoutes` puts the check in front of every protected route's own hooks, at `onRequest`,
 * so an anonymous caller gets 401 before the body is parsed or the input validated.
 */
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import * as contract from '../../contract';
import { endpointsIn, type EndpointAuth } from '../../contract/common';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides the contract's `auth` for a route that has no endpoint descriptor (e.g. /api/auth/*). */
    auth?: EndpointAuth;
  }
}

const contractAuth = new Map<string, EndpointAuth>(
  endpointsIn(contract as Record<string, unknown>).map((endpoint) => [
    `${endpoint.method} ${endpoint.path}`,
    endpoint.auth ?? 'user',
  ]),
);

export function routeAuth(method: HTTPMethods, url: string, configured?: EndpointAuth): EndpointAuth {
  if (configured) return configured;
  if (url === '/api/admin' || url.startsWith('/api/admin/')) return 'admin';
  // Fastify adds HEAD beside every GET; it answers what GET answers.
  const described = contractAuth.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);
  if (described) return described;
  return url.startsWith('/api/') ? 'user' : 'public';
}

export interface RouteGuards {
  requireUser(request: FastifyRequest): Promise<unknown>;
  requireAdmin(request: FastifyRequest): Promise<unknown>;
}

/** Must run before any route is registered (it hooks every route added after it). */
export function guardRoutes(app: FastifyInstance, guards: RouteGuards): void {
  const checks = {
    user: async (request: FastifyRequest) => {
      await guards.requireUser(request);
    },
    admin: async (request: FastifyRequest) => {
      await guards.requireAdmin(request);
    },
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const levels = new Set(methods.map((m) => routeAuth(m, route.url, route.config?.auth)));
    // One route serving several methods with different rules would need the strictest; refuse it.
    if (levels.size > 1) throw new Error(`${route.url}: methods differ in who may call them`);
    const [level] = levels;
    if (level !== 'user' && level !== 'admin') return;
    const own = route.onRequest;
    const rest = own === undefined ? [] : Array.isArray(own) ? own : [own];
    route.onRequest = [checks[level], ...rest];
  });
}
