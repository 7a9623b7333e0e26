import type { EmailSettingKind, EmailSettings } from '../../../contract/notifications';
import type { Database } from '../../db/client';
import { createEmailSettingsRepo, EMAIL_DEFAULTS } from './email-settings.repo';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** A trader's mail choices: Settings, and the unsubscribe link of each mail. */
export function createEmailSettingsService(deps: { db: Database; tokens: UnsubscribeTokens }) {
  const repo = createEmailSettingsRepo(deps.db);

  return {
    async get(userId: string): Promise<EmailSettings> {
      return (await repo.ofUsers([userId])).get(userId) ?? { ...EMAIL_DEFAULTS };
    },

    async save(userId: string, settings: EmailSettings): Promise<EmailSettings> {
      await repo.save(userId, settings);
      return { ...settings };
    },

    /**
     * Turns off the kind of mail a link's token names, for the trader it names; null (and no
     * change) when the token was not signed here. A second use changes nothing more, and a deleted
     * account has nothing left to turn off: both answer as done.
     */
    async unsubscribe(token: string, options: { apply: boolean }): Promise<EmailSettingKind | null> {
      const claim = deps.tokens.verify(token);
      if (!claim) return null;
      if (options.apply) await repo.turnOff(claim.userId, claim.kind);
      return claim.kind;
    },
  };
}

export type EmailSettingsService = ReturnType<typeof createEmailSettingsService>;
