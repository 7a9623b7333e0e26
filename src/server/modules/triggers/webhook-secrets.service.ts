import type { CreatedWebhookSecret, WebhookSecret } from '../../../contract/admin-triggers';
import type { Database } from '../../db/client';
import { notFound, unauthorized } from '../../http/errors';
import type { LogsService } from '../logs/logs.service';
import { createWebhookSecretsRepo } from './webhook-secrets.repo';
import { createSecretSealer, createWebhookSecret, verifyWebhookSignature } from './webhook-signature';
import { isUuid } from '../../shared/uuid';

export interface WebhookCredentials {
  keyId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

/**
 * Signing keys of the trigger webhook: created by an admin (the secret is answered once), listed
 * without it, deleted; and the check of a signed call. Every failed check answers the same 401,
 * so a caller cannot tell an unknown key from a wrong signature.
 */
export function createWebhookSecretsService(deps: {
  db: Database;
  authSecret: string;
  /** Creating and deleting a key are audited (never the secret itself). */
  logs: Pick<LogsService, 'audit'>;
  now?: () => number;
}) {
  const repo = createWebhookSecretsRepo(deps.db);
  const sealer = createSecretSealer(deps.authSecret);
  const now = deps.now ?? Date.now;
  const refused = () => unauthorized('Invalid webhook signature');

  const toDto = (row: { id: string; label: string; createdAt: Date; lastUsedAt: Date | null }) => ({
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  });

  return {
    async create(label: string, userId: string): Promise<CreatedWebhookSecret> {
      const secret = createWebhookSecret();
      const row = await deps.db.transaction(async (tx) => {
        const created = await createWebhookSecretsRepo(tx).insert({
          label,
          sealedSecret: sealer.seal(secret),
          createdBy: userId,
        });
        const after = toDto(created);
        await deps.logs.audit(
          { userId, action: 'webhook_secret.create', details: { before: null, after } },
          tx,
        );
        return created;
      });
      return { ...toDto(row), secret };
    },

    async list(): Promise<WebhookSecret[]> {
      return (await repo.list()).map(toDto);
    },

    async remove(id: string, userId: string): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const gone = await createWebhookSecretsRepo(tx).remove(id);
        if (!gone) throw notFound('Unknown webhook secret');
        await deps.logs.audit(
          { userId, action: 'webhook_secret.delete', details: { before: toDto(gone), after: null } },
          tx,
        );
      });
    },

    /** The signing key's creator (null once that account is gone), or a 401 HttpError. */
    async authenticate(credentials: WebhookCredentials, body: Buffer): Promise<{ userId: string | null }> {
      const { keyId, timestamp, signature } = credentials;
      if (!keyId || !timestamp || !signature) throw unauthorized('Missing webhook signature headers');
      const row = isUuid(keyId) ? await repo.find(keyId) : null;
      const secret = row ? sealer.open(row.sealedSecret) : null;
      if (!row || !secret) throw refused();
      const nowSeconds = Math.floor(now() / 1000);
      if (!verifyWebhookSignature({ secret, timestamp, signature, body, nowSeconds })) throw refused();
      await repo.markUsed(row.id, new Date(now()));
      return { userId: row.createdBy };
    },
  };
}

export type WebhookSecretsService = ReturnType<typeof createWebhookSecretsService>;
