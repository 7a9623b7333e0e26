import type { Database } from '../../db/client';
import { conflict } from '../../http/errors';
import type { UsersService } from '../auth/users.service';
import type { LogsService } from '../logs/logs.service';
import type { PreferencesService } from '../preferences/preferences.service';
import type { SettingsService } from '../settings/settings.service';
import { accountLeftovers, type AccountLeftovers } from './queries/deletion-blockers.query';

/** Why an account cannot go yet, one sentence per reason; empty when it can. */
export function deletionRefusal(left: AccountLeftovers & { soleOperatorOwner: boolean }): string {
  const reasons: string[] = [];
  if (left.balanceCents !== 0)
    reasons.push(`Your account still holds $${(left.balanceCents / 100).toFixed(2)}: withdraw it first.`);
  if (left.openTrades === 1) reasons.push('You have 1 open trade: close it first.');
  else if (left.openTrades > 1) reasons.push(`You have ${left.openTrades} open trades: close them first.`);
  if (left.pendingPayments > 0)
    reasons.push('A payment of yours is still pending: wait until it is decided.');
  if (left.soleOperatorOwner)
    reasons.push('You are the only owner of the operator organisation: make another admin its owner first.');
  return reasons.join(' ');
}

/**
 * Deletes an account in one transaction: the user row is locked, what is left in the account is
 * read under that lock, then the account is anonymised and the deletion audited; or nothing
 * changes and the refusal says what is left.
 */
export async function deleteAccount(
  deps: {
    db: Database;
    users: Pick<UsersService, 'lockUser' | 'soleOwnerOf' | 'anonymise'>;
    preferences: Pick<PreferencesService, 'remove' | 'forget'>;
    logs: Pick<LogsService, 'audit'>;
    settings: Pick<SettingsService, 'operatorOrganizationId'>;
  },
  userId: string,
): Promise<void> {
  const { users } = deps;
  const operator = await deps.settings.operatorOrganizationId();
  await deps.db.transaction(async (tx) => {
    if (!(await users.lockUser(userId, tx))) throw conflict('This account is already deleted.');
    const left = await accountLeftovers(tx, userId);
    const soleOperatorOwner = operator !== null && (await users.soleOwnerOf(operator, userId, tx));
    const refusal = deletionRefusal({ ...left, soleOperatorOwner });
    if (refusal) throw conflict(refusal);
    await users.anonymise(userId, tx);
    await deps.preferences.remove(userId, tx);
    await deps.logs.audit({ userId, action: 'account.delete', details: {} }, tx);
  });
  deps.preferences.forget(userId);
}
