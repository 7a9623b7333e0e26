import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { commaList } from './common';
import { riskLevelSchema } from './enums';
import { heatMapQuerySchema } from './heatmap';
import { acceptOfferInputSchema, feedbackInputSchema, listOffersQuerySchema } from './offers';
import { pairParamSchema, pairSubscribeQuerySchema } from './pairs';
import {
  depositInputSchema,
  paymentHistoryQuerySchema,
  tipInputSchema,
  withdrawalInputSchema,
} from './payments';
import {
  PREFERENCE_DEFAULTS,
  preferencesFormSchema,
  toPreferencesFormValues,
  updatePreferencesInputSchema,
} from './preferences';
import { createReferralInputSchema } from './referrals';

const messages = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('query strings', () => {
  it('coerce numbers and split comma lists item by item', () => {
    const q = listOffersQuerySchema.parse({
      offset: '20',
      limit: '20',
      riskLevel: 'low, medium',
      positionType: 'long,scalp_short',
      minSuccessRate: '60',
      include: 'volume,leverage',
    });
    expect(q).toMatchObject({ offset: 20, limit: 20, minSuccessRate: 60, riskLevel: ['low', 'medium'] });
    expect(q.positionType).toEqual(['long', 'scalp_short']);
    expect(q.include).toEqual(['volume', 'leverage']);
    expect(commaList(riskLevelSchema).safeParse('low,extreme').success).toBe(false);
  });

  it('default offers to open+hot, newest first, 20 a page; refuse other statuses and limits', () => {
    expect(listOffersQuerySchema.parse({})).toMatchObject({
      offset: 0,
      limit: 20,
      status: ['open', 'hot'],
      sortBy: 'createdAt',
      sortDir: 'desc',
    });
    expect(listOffersQuerySchema.safeParse({ status: 'open,expired' }).success).toBe(false);
    expect(listOffersQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(listOffersQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(listOffersQuerySchema.safeParse({ maxHeatScore: '101' }).success).toBe(false);
  });

  it('heat map: positionType one value, all, or a list; progrev 0-1; limit up to 500', () => {
    expect(heatMapQuerySchema.parse({})).toMatchObject({ timeRange: '7d', sortBy: 'heat_desc' });
    expect(heatMapQuerySchema.parse({ positionType: 'all' }).positionType).toEqual(['all']);
    expect(heatMapQuerySchema.parse({ positionType: 'long,short' }).positionType).toEqual(['long', 'short']);
    expect(heatMapQuerySchema.parse({ minProgrev: '0.25' }).minProgrev).toBe(0.25);
    expect(heatMapQuerySchema.safeParse({ maxProgrev: '1.5' }).success).toBe(false);
    expect(heatMapQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(heatMapQuerySchema.safeParse({ filter: 'hot_only' }).success).toBe(false);
    expect(heatMapQuerySchema.safeParse({ trend: 'sideways' }).success).toBe(false);
  });

  it('payment history pages by 10', () => {
    expect(paymentHistoryQuerySchema.parse({ offset: '10' })).toEqual({ offset: 10, limit: 10 });
  });

  it('pair in a path: BTC-USD or BTC/USD, any case; subscribe needs at least one pair', () => {
    expect(pairParamSchema.parse('btc-usd')).toBe('BTC/USD');
    expect(pairParamSchema.parse('ETH/USD')).toBe('ETH/USD');
    expect(pairParamSchema.safeParse('BTCUSD').success).toBe(false);
    expect(pairSubscribeQuerySchema.parse({ pairs: 'BTC/USD,ETH/USD' }).pairs).toEqual([
      'BTC/USD',
      'ETH/USD',
    ]);
    expect(pairSubscribeQuerySchema.safeParse({ pairs: ',' }).success).toBe(false);
  });
});

describe('offer actions', () => {
  it('accept: entry amount above 0, auto-close optional above 0', () => {
    expect(messages(acceptOfferInputSchema, {})).toEqual(['Invalid entry amount']);
    expect(messages(acceptOfferInputSchema, { entryAmount: 0 })).toEqual(['Invalid entry amount']);
    expect(messages(acceptOfferInputSchema, { entryAmount: 'abc' })).toEqual(['Invalid entry amount']);
    expect(messages(acceptOfferInputSchema, { entryAmount: 100, autoCloseProfitPercent: 0 })).toEqual([
      'Invalid auto-close profit percent',
    ]);
    expect(acceptOfferInputSchema.parse({ entryAmount: 100, autoCloseProfitPercent: 5 })).toEqual({
      entryAmount: 100,
      autoCloseProfitPercent: 5,
    });
  });

  it('feedback: a comment must not be blank; like/dislike need no text', () => {
    expect(messages(feedbackInputSchema, { type: 'comment', text: '   ' })).toEqual([
      'Comment cannot be empty',
    ]);
    expect(messages(feedbackInputSchema, { type: 'comment' })).toEqual(['Comment cannot be empty']);
    expect(feedbackInputSchema.parse({ type: 'comment', text: ' nice ' })).toEqual({
      type: 'comment',
      text: 'nice',
    });
    expect(feedbackInputSchema.safeParse({ type: 'like' }).success).toBe(true);
    expect(feedbackInputSchema.safeParse({ type: 'love' }).success).toBe(false);
  });
});

describe('payments', () => {
  it('deposit uses the spec messages', () => {
    expect(messages(depositInputSchema, {})).toEqual(['Amount is required', 'Payment method ID is required']);
    expect(messages(depositInputSchema, { amount: Number.NaN, paymentMethodId: '' })).toEqual([
      'Amount is required',
      'Payment method ID is required',
    ]);
    expect(messages(depositInputSchema, { amount: 9.99, paymentMethodId: 'card_123' })).toEqual([
      'Minimum $10',
      'Invalid format',
    ]);
    expect(messages(depositInputSchema, { amount: 10.005, paymentMethodId: 'pm_1AbC' })).toEqual([
      'Amount must have at most 2 decimal places',
    ]);
    expect(messages(depositInputSchema, { amount: 10, paymentMethodId: 'pm_card-visa' })).toEqual([
      'Invalid format',
    ]);
    expect(depositInputSchema.parse({ amount: 10, paymentMethodId: 'pm_card_visa' }).paymentMethodId).toBe(
      'pm_card_visa',
    );
    expect(depositInputSchema.parse({ amount: 10, paymentMethodId: 'pm_1AbC' })).toEqual({
      amount: 10,
      paymentMethodId: 'pm_1AbC',
    });
  });

  it('withdrawal minimum $20, tip minimum $1 and manual by default', () => {
    expect(messages(withdrawalInputSchema, { amount: 19.99 })).toEqual(['Minimum $20']);
    expect(withdrawalInputSchema.safeParse({ amount: 20 }).success).toBe(true);
    expect(messages(tipInputSchema, { amount: 0.5 })).toEqual(['Minimum $1']);
    expect(tipInputSchema.parse({ amount: 1 })).toEqual({ amount: 1, auto: false });
  });
});

describe('referral code', () => {
  it('is upper-cased, then 6-20 letters or digits', () => {
    expect(createReferralInputSchema.parse({ referralCode: ' abc123 ' })).toEqual({ referralCode: 'ABC123' });
    const msg = 'Referral code must be 6-20 alphanumeric characters';
    expect(messages(createReferralInputSchema, { referralCode: 'abc' })).toEqual([msg]);
    expect(messages(createReferralInputSchema, { referralCode: 'ABC-123' })).toEqual([msg]);
    expect(messages(createReferralInputSchema, { referralCode: 'A'.repeat(21) })).toEqual([msg]);
  });
});

describe('preferences', () => {
  it('an empty PUT body takes every default of trader spec section 3', () => {
    expect(updatePreferencesInputSchema.parse({})).toEqual(PREFERENCE_DEFAULTS);
    expect(PREFERENCE_DEFAULTS).toMatchObject({
      entryFilterMin: 100,
      entryFilterMax: 1000,
      autoTipPercent: 5,
      minSuccessRate: 70,
      maxRiskScore: 80,
      minExpectedProfitPercent: 2,
      maxVolatilityIndex: 50,
      defaultAutoCloseProfitPercent: 5,
      preferredRiskLevels: ['low', 'medium'],
      preferredPositionTypes: ['long'],
      notificationPrefs: { newOffer: true, tradeClose: true, highRisk: false, lowSuccess: false },
    });
  });

  it('uses the section 5 messages', () => {
    expect(messages(updatePreferencesInputSchema, { entryFilterMin: -1 })).toEqual(['Must be at least 0']);
    expect(messages(updatePreferencesInputSchema, { autoTipPercent: 101 })).toEqual(['Must be at most 100']);
    expect(messages(updatePreferencesInputSchema, { minSuccessRate: -5 })).toEqual(['Must be at least 0']);
    expect(messages(updatePreferencesInputSchema, { entryFilterMin: 500, entryFilterMax: 400 })).toEqual([
      'Must be greater than Min Entry Amount',
    ]);
    expect(messages(updatePreferencesInputSchema, { preferredPairs: ['BTC-USD'] })).toEqual([
      'Pairs must be in format XXX/YYY (e.g., BTC/USD), comma-separated',
    ]);
    expect(updatePreferencesInputSchema.safeParse({ preferredRiskLevels: ['extreme'] }).success).toBe(false);
  });

  it('the PUT body itself replaces zero or null numbers by the defaults, before the range checks', () => {
    expect(
      updatePreferencesInputSchema.parse({ entryFilterMin: 0, autoTipPercent: null, maxRiskScore: 0 }),
    ).toMatchObject({ entryFilterMin: 100, autoTipPercent: 5, maxRiskScore: 80 });
    expect(messages(updatePreferencesInputSchema, { entryFilterMin: 2000, entryFilterMax: 0 })).toEqual([
      'Must be greater than Min Entry Amount',
    ]);
    expect(messages(updatePreferencesInputSchema, { entryFilterMax: 1e12 })).toEqual([
      'Must be at most 1000000000',
    ]);
  });

  it('the form parses comma text and replaces zero or empty numbers by the defaults', () => {
    const values = { ...toPreferencesFormValues(), preferredPairs: ' BTC/USD,ETH/USD , ' };
    const body = preferencesFormSchema.parse({
      ...values,
      entryFilterMin: 0,
      autoTipPercent: Number.NaN,
      maxRiskScore: '',
    });
    expect(body.preferredPairs).toEqual(['BTC/USD', 'ETH/USD']);
    expect(body).toMatchObject({ entryFilterMin: 100, autoTipPercent: 5, maxRiskScore: 80 });
    expect(updatePreferencesInputSchema.parse(body)).toEqual(body);
    expect(messages(preferencesFormSchema, { ...values, preferredPairs: 'BTC/USD;ETH' })).toEqual([
      'Pairs must be in format XXX/YYY (e.g., BTC/USD), comma-separated',
    ]);
    expect(messages(preferencesFormSchema, { ...values, entryFilterMax: 50 })).toEqual([
      'Must be greater than Min Entry Amount',
    ]);
  });
});
