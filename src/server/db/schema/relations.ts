import { relations } from 'drizzle-orm';
import { analyses, analysisSnapshots } from './analysis';
import { user } from './auth';
import { ledgerAccounts, ledgerEntries } from './ledger';
import { candles, cryptoPairs, tickerLogs } from './market';
import { offerFeedback, offers, userOffers } from './offers';
import { payments } from './payments';
import { referrals } from './referrals';
import { userPreferences } from './preferences';
import { trades } from './trading';
import { triggers } from './triggers';

/*
 * Relations for `db.query.*.findMany({ with })`. The `user` side is left to auth.ts (a table
 * may have only one relations() block in the types), so links to users are one-way here.
 */

export const cryptoPairsRelations = relations(cryptoPairs, ({ many }) => ({
  candles: many(candles),
  tickerLogs: many(tickerLogs),
  analyses: many(analyses),
  offers: many(offers),
}));

export const candlesRelations = relations(candles, ({ one }) => ({
  pair: one(cryptoPairs, { fields: [candles.pairId], references: [cryptoPairs.id] }),
}));

export const tickerLogsRelations = relations(tickerLogs, ({ one }) => ({
  pair: one(cryptoPairs, { fields: [tickerLogs.pairId], references: [cryptoPairs.id] }),
}));

export const triggersRelations = relations(triggers, ({ one, many }) => ({
  createdByUser: one(user, { fields: [triggers.createdBy], references: [user.id] }),
  analyses: many(analyses),
  offers: many(offers),
}));

export const analysesRelations = relations(analyses, ({ one, many }) => ({
  pair: one(cryptoPairs, { fields: [analyses.pairId], references: [cryptoPairs.id] }),
  user: one(user, { fields: [analyses.userId], references: [user.id] }),
  trigger: one(triggers, { fields: [analyses.triggerId], references: [triggers.id] }),
  snapshots: many(analysisSnapshots),
  offers: many(offers),
}));

export const analysisSnapshotsRelations = relations(analysisSnapshots, ({ one }) => ({
  analysis: one(analyses, { fields: [analysisSnapshots.analysisId], references: [analyses.id] }),
}));

export const offersRelations = relations(offers, ({ one, many }) => ({
  pair: one(cryptoPairs, { fields: [offers.pairId], references: [cryptoPairs.id] }),
  analysis: one(analyses, { fields: [offers.analysisId], references: [analyses.id] }),
  trigger: one(triggers, { fields: [offers.triggerId], references: [triggers.id] }),
  userOffers: many(userOffers),
  feedback: many(offerFeedback),
  trades: many(trades),
}));

export const userOffersRelations = relations(userOffers, ({ one }) => ({
  user: one(user, { fields: [userOffers.userId], references: [user.id] }),
  offer: one(offers, { fields: [userOffers.offerId], references: [offers.id] }),
}));

export const offerFeedbackRelations = relations(offerFeedback, ({ one }) => ({
  user: one(user, { fields: [offerFeedback.userId], references: [user.id] }),
  offer: one(offers, { fields: [offerFeedback.offerId], references: [offers.id] }),
}));

export const tradesRelations = relations(trades, ({ one, many }) => ({
  user: one(user, { fields: [trades.userId], references: [user.id] }),
  offer: one(offers, { fields: [trades.offerId], references: [offers.id] }),
  ledgerEntries: many(ledgerEntries),
}));

export const paymentsRelations = relations(payments, ({ one, many }) => ({
  user: one(user, { fields: [payments.userId], references: [user.id], relationName: 'payer' }),
  approver: one(user, {
    fields: [payments.approvedBy],
    references: [user.id],
    relationName: 'approver',
  }),
  trade: one(trades, { fields: [payments.tradeId], references: [trades.id] }),
  ledgerEntries: many(ledgerEntries),
}));

export const ledgerAccountsRelations = relations(ledgerAccounts, ({ one, many }) => ({
  user: one(user, { fields: [ledgerAccounts.userId], references: [user.id] }),
  entries: many(ledgerEntries),
}));

export const ledgerEntriesRelations = relations(ledgerEntries, ({ one }) => ({
  account: one(ledgerAccounts, {
    fields: [ledgerEntries.accountId],
    references: [ledgerAccounts.id],
  }),
  payment: one(payments, { fields: [ledgerEntries.paymentId], references: [payments.id] }),
  trade: one(trades, { fields: [ledgerEntries.tradeId], references: [trades.id] }),
}));

export const userPreferencesRelations = relations(userPreferences, ({ one }) => ({
  user: one(user, { fields: [userPreferences.userId], references: [user.id] }),
}));

export const referralsRelations = relations(referrals, ({ one }) => ({
  referrer: one(user, {
    fields: [referrals.referrerId],
    references: [user.id],
    relationName: 'referrer',
  }),
  referred: one(user, {
    fields: [referrals.referredId],
    references: [user.id],
    relationName: 'referred',
  }),
}));
