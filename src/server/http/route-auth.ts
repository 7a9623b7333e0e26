/**
 * Who may call each route, decided once for the whole app: a route's `config.auth` if it sets
 * one, else `admin` for anything under /api/admin (wherever the route is registered), else its
 * contract endpoint's `auth` (unset there means `user`), else `user` for anything under /api
 * (fail closed) and `public` outside it (SPA, static files).
 *
 * `guardRoutes` puts the check in front of every protected route's own hooks, at `onRequest`,
 * so an anonymous caller gets 401 before the body is parsed or the input validated.
 *
 * A personal API key (`Bearer hs_…`) is judged on every /api route, whatever its level: by its
 * endpoint's `apiKey` rule (`apiKeyScopeOf`), and `none` for a route the contract does not describe
 * (better-auth's /api/auth/*, anything added without a descriptor) or that only admins may call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import * as contract from '../../contract';
import {
  apiKeyScopeOf,
  endpointsIn,
  type AnyEndpoint,
  type ApiKeyAccess,
  type EndpointAuth,
} from '../../contract/common';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides the contract's `auth` for a route that has no endpoint descriptor (e.g. /api/auth/*). */
    auth?: EndpointAuth;
  }
}

const described = new Map<string, AnyEndpoint>(
  endpointsIn(contract as Record<string, unknown>).map((endpoint) => [
    `${endpoint.method} ${endpoint.path}`,
    endpoint,
  ]),
);
// Fastify adds HEAD beside every GET; it answers what GET answers.
const endpointOf = (method: HTTPMethods, url: string) =>
  described.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);

export function routeAuth(method: HTTPMethods, url: string, configured?: EndpointAuth): EndpointAuth {
  if (configured) return configured;
  if (url === '/api/admin' || url.startsWith('/api/admin/')) return 'admin';
  const endpoint = endpointOf(method, url);
  if (endpoint) return endpoint.auth ?? 'user';
  return url.startsWith('/api/') ? 'user' : 'public';
}

/** What a personal API key needs to call a route: its endpoint's rule, else no key at all. */
export function routeApiKeyAccess(method: HTTPMethods, url: string, configured?: EndpointAuth): ApiKeyAccess {
  const auth = routeAuth(method, url, configured);
  const endpoint = endpointOf(method, url);
  if (!endpoint || (auth !== 'user' && auth !== 'optional')) return 'none';
  return apiKeyScopeOf({ ...endpoint, auth });
}

/** Who may call a route, as a key request is judged against it. */
export interface RouteRule {
  auth: EndpointAuth;
  apiKey: ApiKeyAccess;
}

export interface RouteGuards {
  requireUser(request: FastifyRequest): Promise<unknown>;
  requireAdmin(request: FastifyRequest): Promise<unknown>;
  apiKeys: {
    /** Whether the request is made with a personal API key rather than a session. */
    carriesKey(request: FastifyRequest): boolean;
    /** Authenticates the key, counts it against its limit and refuses it unless the rule lets it call. */
    check(request: FastifyRequest, reply: FastifyReply, rule: RouteRule): Promise<void>;
  };
}

/** Must run before any route is registered (it hooks every route added after it). */
export function guardRoutes(app: FastifyInstance, guards: RouteGuards): void {
  const checks = {
    user: (request: FastifyRequest) => guards.requireUser(request),
    admin: (request: FastifyRequest) => guards.requireAdmin(request),
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rules = methods.map((m) => ({
      auth: routeAuth(m, route.url, route.config?.auth),
      apiKey: routeApiKeyAccess(m, route.url, route.config?.auth),
    }));
    // One route serving several methods with different rules would need the strictest; refuse it.
    if (new Set(rules.map((r) => `${r.auth} ${r.apiKey}`)).size > 1)
      throw new Error(`${route.url}: methods differ in who may call them`);
    const rule = rules[0]!;
    const level = rule.auth;
    const api = route.url === '/api' || route.url.startsWith('/api/');
    if (!api && level !== 'user' && level !== 'admin') return;
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      if (api && guards.apiKeys.carriesKey(request)) await guards.apiKeys.check(request, reply, rule);
      else if (level === 'user' || level === 'admin') await checks[level](request);
    };
    const own = route.onRequest;
    const rest = own === undefined ? [] : Array.isArray(own) ? own : [own];
    route.onRequest = [guard, ...rest];
  });
}
