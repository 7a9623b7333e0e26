import { asc, eq, inArray, or } from 'drizzle-orm';
import type { ReadDb } from '../../../db/read-db';
import {
  account,
  auditLogs,
  contactMessages,
  ledgerAccounts,
  ledgerEntries,
  member,
  offerFeedback,
  organization,
  payments,
  referrals,
  session,
  trades,
  user,
  userOffers,
  userPreferences,
} from '../../../db/schema';

/**
 * 'Download My Data': every row the database holds about one account, table by table, in the
 * order they were made. A read side (it joins every module's tables and only reads); the password
 * hash, the two-factor secret and other people's details are left out.
 */
export async function accountExport(db: ReadDb, userId: string) {
  const ledger = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  const accountIds = ledger.map((a) => a.id);
  const [profile] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      username: user.username,
      referralCode: user.referralCode,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  return {
    account: profile ?? null,
    signInMethods: await db
      .select({ providerId: account.providerId, createdAt: account.createdAt })
      .from(account)
      .where(eq(account.userId, userId)),
    sessions: await db
      .select({
        id: session.id,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        createdAt: session.createdAt,
        lastActiveAt: session.updatedAt,
        expiresAt: session.expiresAt,
      })
      .from(session)
      .where(eq(session.userId, userId)),
    organizations: await db
      .select({
        id: organization.id,
        name: organization.name,
        role: member.role,
        joinedAt: member.createdAt,
      })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.userId, userId)),
    preferences:
      (await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)))[0] ?? null,
    ledgerAccounts: ledger,
    ledgerEntries: accountIds.length
      ? await db
          .select()
          .from(ledgerEntries)
          .where(inArray(ledgerEntries.accountId, accountIds))
          .orderBy(asc(ledgerEntries.createdAt))
      : [],
    payments: await db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt)),
    trades: await db.select().from(trades).where(eq(trades.userId, userId)).orderBy(asc(trades.openedAt)),
    offerActions: await db.select().from(userOffers).where(eq(userOffers.userId, userId)),
    offerFeedback: await db.select().from(offerFeedback).where(eq(offerFeedback.userId, userId)),
    referrals: await db
      .select()
      .from(referrals)
      .where(or(eq(referrals.referrerId, userId), eq(referrals.referredId, userId))),
    contactMessages: await db.select().from(contactMessages).where(eq(contactMessages.userId, userId)),
    auditLog: await db
      .select({
        id: auditLogs.id,
        action: auditLogs.action,
        details: auditLogs.details,
        at: auditLogs.timestamp,
      })
      .from(auditLogs)
      .where(eq(auditLogs.userId, userId))
      .orderBy(asc(auditLogs.id)),
  };
}
