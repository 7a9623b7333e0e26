/**
 * What a request made with a personal API key may do, judged before the route runs (route-auth.ts
 * calls it on every /api route, whatever the route's level): the key must be live (401), it is
 * counted against its limit (429, `RateLimit-*` headers on every key request), and then the route's
 * rule must let it in: never an admin route, never a `none` one, `trade` only with a trade key of a
 * trader on Pro (403, 402). Everything a key was not explicitly granted is refused.
 *
 * The limit is counted in this process's memory, like the per-IP limits: with several API
 * processes behind a balancer a key gets up to that many times its limit.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_KEY_NO_ADMIN,
  API_KEY_PUBLIC,
  API_KEY_READ_ONLY,
  API_KEY_REFUSED,
  API_KEY_SIGN_IN,
  API_KEY_TRADE_NEEDS_PRO,
  apiKeyRateLimitMessage,
} from '../../../contract/api-keys';
import type { PlanName } from '../../../contract/billing';
import { forbidden, HttpError, tooManyRequests, unauthorized } from '../../http/errors';
import { createKeyLimiter } from '../../http/key-limiter';
import type { RateLimits } from '../../http/rate-limits';
import type { RouteRule } from '../../http/route-auth';
import { createReadCache } from '../../shared/read-cache';
import { carriesApiKey, type ViewerResolver } from './viewer';

/** How stale a key owner's plan may be (an upgrade lifts the key's limit within this). */
const PLAN_CACHE_MS = 5_000;

export function createApiKeyGuard(deps: {
  viewers: Pick<ViewerResolver, 'viewerOf'>;
  /** The owner's plan now (billing). */
  planOf: (userId: string) => Promise<PlanName>;
  limits: NonNullable<RateLimits['apiKey']>;
}) {
  const { limits } = deps;
  const limiter = createKeyLimiter({ max: limits.free, windowMs: limits.timeWindow });
  const plans = createReadCache<PlanName>({ ttlMs: PLAN_CACHE_MS });

  return {
    carriesKey: carriesApiKey,

    async check(request: FastifyRequest, reply: FastifyReply, rule: RouteRule): Promise<void> {
      const viewer = await deps.viewers.viewerOf(request);
      if (!viewer?.apiKey) throw unauthorized(API_KEY_REFUSED);
      const plan = await plans.get(viewer.userId, () => deps.planOf(viewer.userId));
      const limit = plan === 'pro' ? limits.pro : limits.free;
      const use = limiter.use(viewer.apiKey.id, limit);
      reply.header('ratelimit-limit', String(limit));
      reply.header('ratelimit-remaining', String(use.remaining));
      reply.header('ratelimit-reset', String(Math.ceil(use.resetMs / 1000)));
      if (!use.allowed) {
        reply.header('retry-after', String(Math.ceil(use.resetMs / 1000)));
        throw tooManyRequests(apiKeyRateLimitMessage(limit));
      }
      if (rule.auth === 'admin') throw forbidden(API_KEY_NO_ADMIN);
      if (rule.apiKey === 'none') throw forbidden(rule.auth === 'public' ? API_KEY_PUBLIC : API_KEY_SIGN_IN);
      if (rule.apiKey === 'trade') {
        if (!viewer.apiKey.scopes.includes('trade')) throw forbidden(API_KEY_READ_ONLY);
        if (plan !== 'pro') throw new HttpError(402, API_KEY_TRADE_NEEDS_PRO);
      }
    },
  };
}

export type ApiKeyGuard = ReturnType<typeof createApiKeyGuard>;
