/**
 * Personal API keys (issue #21). A key is `hs_` and 32 random bytes (base64url); only its SHA-256
 * is stored, so a key is found by hashing what the caller sent (no secret to compare, nothing to
 * leak from the table). Revoking announces `auth_changed` for the owner: every process drops the
 * key from its viewer cache at once, and sockets opened with it lose their rooms within seconds.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_NOT_FOUND,
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  MAX_ACTIVE_API_KEYS,
  TOO_MANY_API_KEYS,
  TRADE_KEYS_NEED_PRO,
  type ApiKey,
  type CreateApiKeyInput,
} from '../../../contract/api-keys';
import type { PlanName } from '../../../contract/billing';
import type { ApiKeyScope } from '../../../contract/common';
import { conflict, HttpError, notFound } from '../../http/errors';
import { isUuid } from '../../shared/uuid';
import type { ApiKeyRow, ApiKeysRepo } from './api-keys.repo';

/** A key's last use is kept to within this (at most one write per key per span). */
export const API_KEY_LAST_USED_PRECISION_MS = 60_000;

/** The shape of a key: anything else is refused without a query. */
const KEY_FORMAT = /^hs_[A-Za-z0-9_-]{43}$/;

export const isApiKeyToken = (token: string | null | undefined): token is string =>
  token?.startsWith(API_KEY_PREFIX) ?? false;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A live key and what the viewer of its requests is made of. */
export interface AuthenticatedKey {
  id: string;
  userId: string;
  scopes: ApiKeyScope[];
  /** ms since the epoch; Infinity without an expiry. */
  expiresAt: number;
  user: {
    email: string;
    emailVerified: boolean;
    name: string;
    username: string | null;
    referralCode: string | null;
    twoFactorEnabled: boolean;
  };
}

export function createApiKeysService(deps: {
  repo: ApiKeysRepo;
  /** The owner's plan now (billing): a trade key is Pro's. */
  planOf: (userId: string) => Promise<PlanName>;
  /** Tells every process the owner's credentials changed (the viewer resolver's `announce`). */
  announce: (userIds: string[]) => void;
}) {
  const { repo } = deps;

  return {
    async list(userId: string): Promise<ApiKey[]> {
      const now = Date.now();
      return (await repo.listOf(userId)).map((row) => viewOf(row, now));
    },

    /** Makes a key; its secret is in this answer only. */
    async create(userId: string, input: CreateApiKeyInput): Promise<{ apiKey: ApiKey; key: string }> {
      if (input.scopes.includes('trade') && (await deps.planOf(userId)) !== 'pro')
        throw new HttpError(402, TRADE_KEYS_NEED_PRO);
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await repo.createWithin(MAX_ACTIVE_API_KEYS, {
        userId,
        name: input.name,
        // `trade` includes `read`: the list shows both.
        scopes: input.scopes.includes('trade') ? ['read', 'trade'] : ['read'],
        prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
        secretHash: hashApiKey(key),
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      });
      if (!row) throw conflict(TOO_MANY_API_KEYS);
      return { apiKey: viewOf(row, Date.now()), key };
    },

    /** Refused from now on, in every process; revoking a revoked key changes nothing. */
    async revoke(userId: string, id: string): Promise<ApiKey> {
      const row = isUuid(id) ? await repo.revoke(userId, id) : null;
      if (!row) throw notFound(API_KEY_NOT_FOUND);
      deps.announce([userId]);
      return viewOf(row, Date.now());
    },

    /** The live key a caller sent, or null (unknown, revoked or expired); notes its use. */
    async authenticate(token: string): Promise<AuthenticatedKey | null> {
      if (!KEY_FORMAT.test(token)) return null;
      const row = await repo.findByHash(hashApiKey(token));
      const now = Date.now();
      if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now)) return null;
      if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= API_KEY_LAST_USED_PRECISION_MS)
        repo.touch(row.id, API_KEY_LAST_USED_PRECISION_MS).catch(() => undefined);
      return {
        id: row.id,
        userId: row.userId,
        scopes: row.scopes,
        expiresAt: row.expiresAt?.getTime() ?? Infinity,
        user: {
          email: row.email,
          emailVerified: row.emailVerified,
          name: row.name,
          username: row.username,
          referralCode: row.referralCode,
          twoFactorEnabled: row.twoFactorEnabled === true,
        },
      };
    },

    /** id → owner of each key among `ids` that is still live. */
    liveOwners: (ids: readonly string[]) => repo.liveOwners(ids),
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

function viewOf(row: ApiKeyRow, now: number): ApiKey {
  const state = row.revokedAt
    ? 'revoked'
    : row.expiresAt && row.expiresAt.getTime() <= now
      ? 'expired'
      : 'active';
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state,
  };
}
