import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { approvalsQuerySchema, rejectWithdrawalInputSchema } from './admin-approvals';
import { adminCryptoPairsEndpoint, adminPaymentsEndpoint } from './admin-collections';
import { adminHeatMapQuerySchema } from './admin-heatmap';
import { dynamicConfigTextSchema, managePairInputSchema } from './admin-pairs';
import { reportsExportQuerySchema, reportsQuerySchema } from './admin-reports';
import {
  autoAnalysisConfigSchema,
  autoAnalysisConfigTextSchema,
  globalSettingsFormSchema,
  globalSettingsPatchSchema,
} from './admin-settings';
import { keywordsTextSchema, manageTriggerInputSchema, triggerWebhookInputSchema } from './admin-triggers';

const messages = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

const DEFAULT_CONFIG = {
  intervalMinutes: 2,
  minHeatScore: 5,
  minSuccessRate: 30,
  minExpectedProfitPercent: 0.05,
  volatilityThreshold: 2,
  rsiThreshold: 70,
  volumeSpikeMultiplier: 3,
};

describe('admin list queries', () => {
  it('default to 30 days, page 1 of 50 and parse key_direction sorts', () => {
    const q = adminCryptoPairsEndpoint.query.parse({ sort: 'deactivation_attempts_asc', page: '3' });
    expect(q).toEqual({
      timeRange: '30d',
      page: 3,
      pageSize: 50,
      sort: { key: 'deactivation_attempts', direction: 'asc' },
    });
    expect(adminCryptoPairsEndpoint.query.parse({ sort: 'symbol_desc' }).sort).toEqual({
      key: 'symbol',
      direction: 'desc',
    });
  });

  it('refuse unknown sort keys, odd page sizes and page 0', () => {
    expect(adminCryptoPairsEndpoint.query.safeParse({ sort: 'email_asc' }).success).toBe(false);
    expect(adminPaymentsEndpoint.query.safeParse({ sort: 'amount_up' }).success).toBe(false);
    expect(adminPaymentsEndpoint.query.safeParse({ pageSize: '20' }).success).toBe(false);
    expect(adminPaymentsEndpoint.query.safeParse({ pageSize: '25' }).success).toBe(true);
    expect(adminPaymentsEndpoint.query.safeParse({ page: '0' }).success).toBe(false);
  });

  it('approvals page by 10/25/50 and filter by YYYY-MM-DD', () => {
    expect(approvalsQuerySchema.parse({ amount: '25.5', date: '2026-11-21' })).toEqual({
      page: 1,
      pageSize: 10,
      amount: 25.5,
      date: '2026-11-21',
    });
    expect(approvalsQuerySchema.safeParse({ pageSize: '100' }).success).toBe(false);
    expect(approvalsQuerySchema.safeParse({ date: '21/11/2026' }).success).toBe(false);
    expect(messages(rejectWithdrawalInputSchema, { reason: '  ' })).toEqual(['Reason is required']);
  });

  it('reports default to newest first; exports take no paging', () => {
    expect(reportsQuerySchema.parse({ pair: 'btc/usd' })).toMatchObject({
      timeRange: '30d',
      pair: 'BTC/USD',
      page: 1,
      pageSize: 10,
      sort: { key: 'createdAt', direction: 'desc' },
    });
    expect(reportsQuerySchema.safeParse({ pageSize: '100' }).success).toBe(false);
    expect(reportsExportQuerySchema.parse({ page: '2' })).not.toHaveProperty('page');
  });

  it('admin heat map takes bias and sort', () => {
    expect(adminHeatMapQuerySchema.parse({ bias: 'short', minHeat: '40' })).toMatchObject({
      bias: 'short',
      minHeat: 40,
      sort: 'heat_desc',
    });
    expect(adminHeatMapQuerySchema.safeParse({ bias: 'scalp_long' }).success).toBe(false);
  });
});

describe('global settings', () => {
  it('autoAnalysisConfig: defaults, strict keys, ranges', () => {
    expect(autoAnalysisConfigSchema.parse({})).toEqual(DEFAULT_CONFIG);
    expect(autoAnalysisConfigSchema.safeParse({ rsiTreshold: 80 }).success).toBe(false);
    expect(autoAnalysisConfigSchema.safeParse({ intervalMinutes: 0 }).success).toBe(false);
    expect(autoAnalysisConfigSchema.safeParse({ intervalMinutes: 1441 }).success).toBe(false);
    expect(autoAnalysisConfigSchema.parse({ offerTtlMinutes: 30 }).offerTtlMinutes).toBe(30);
  });

  it('parses autoAnalysisConfig JSON text and refuses bad JSON with a clear error', () => {
    expect(autoAnalysisConfigTextSchema.parse('{"rsiThreshold": 75}')).toEqual({
      ...DEFAULT_CONFIG,
      rsiThreshold: 75,
    });
    expect(autoAnalysisConfigTextSchema.parse('  ')).toEqual(DEFAULT_CONFIG);
    expect(messages(autoAnalysisConfigTextSchema, '{rsiThreshold: 75}')).toEqual([
      'Invalid JSON in autoAnalysisConfig',
    ]);
    expect(autoAnalysisConfigTextSchema.safeParse('[1, 2]').success).toBe(false);
    expect(autoAnalysisConfigTextSchema.safeParse('{"unknown": 1}').success).toBe(false);
  });

  it('the form uses the spec messages and parses to a PATCH body', () => {
    const form = {
      aiModel: 'gpt-4o-mini',
      chatgptMaxRequests: 100,
      retentionPolicy: 30,
      analysisRetentionDays: 90,
      autoAnalysisEnabled: true,
      requireAdminTwoFactor: false,
      autoAnalysisConfig: '{"volatilityThreshold": 2.5}',
    };
    const body = globalSettingsFormSchema.parse(form);
    expect(body.autoAnalysisConfig.volatilityThreshold).toBe(2.5);
    expect(globalSettingsPatchSchema.parse(body)).toEqual(body);
    expect(messages(globalSettingsFormSchema, { ...form, aiModel: ' ' })).toEqual(['AI Model is required']);
    expect(messages(globalSettingsFormSchema, { ...form, chatgptMaxRequests: Number.NaN })).toEqual([
      'Max Requests is required',
    ]);
    expect(messages(globalSettingsFormSchema, { ...form, chatgptMaxRequests: 0 })).toEqual([
      'Must be at least 1',
    ]);
    expect(messages(globalSettingsFormSchema, { ...form, retentionPolicy: undefined })).toEqual([
      'Retention Policy is required',
    ]);
    expect(messages(globalSettingsFormSchema, { ...form, autoAnalysisConfig: '{' })).toEqual([
      'Invalid JSON in autoAnalysisConfig',
    ]);
  });

  it('PATCH accepts a subset but not nothing', () => {
    expect(globalSettingsPatchSchema.parse({ autoAnalysisEnabled: false })).toEqual({
      autoAnalysisEnabled: false,
    });
    expect(globalSettingsPatchSchema.safeParse({}).success).toBe(false);
  });
});

describe('manage triggers', () => {
  it('add fills defaults, trims keywords and turns an empty source into null', () => {
    expect(
      manageTriggerInputSchema.parse({
        action: 'add',
        type: 'news',
        symbol: 'BTC/USD',
        source: '',
        keywords: [' etf ', ''],
      }),
    ).toEqual({
      action: 'add',
      type: 'news',
      symbol: 'BTC/USD',
      source: null,
      keywords: ['etf'],
      active: true,
    });
    expect(keywordsTextSchema.parse(' etf, , halving ,')).toEqual(['etf', 'halving']);
  });

  it('uses the spec messages', () => {
    expect(messages(manageTriggerInputSchema, { action: 'add', symbol: 'BTC/USD' })).toEqual([
      'Trigger type is required',
    ]);
    expect(messages(manageTriggerInputSchema, { action: 'add', type: 'news', symbol: '' })).toEqual([
      'Symbol is required',
    ]);
    expect(messages(manageTriggerInputSchema, { action: 'add', type: 'news', symbol: 'btc/usd' })).toEqual([
      'Invalid symbol format (e.g., BTC/USD)',
    ]);
    expect(
      messages(manageTriggerInputSchema, {
        action: 'add',
        type: 'news',
        symbol: 'BTC/USD',
        source: 'ftp://x.org/f',
      }),
    ).toEqual(['Invalid URL format']);
  });

  it('discriminates on action', () => {
    const analysis = manageTriggerInputSchema.parse({
      action: 'add',
      type: 'advisor_request',
      symbol: 'ETH/USD',
      parameters: {},
    });
    expect(analysis).toMatchObject({ parameters: { timeframe: '1h' } });
    expect(
      manageTriggerInputSchema.parse({
        action: 'update',
        id: 't1',
        type: 'news',
        symbol: 'BTC/USD',
        active: false,
      }),
    ).toMatchObject({
      action: 'update',
      id: 't1',
      active: false,
    });
    expect(
      manageTriggerInputSchema.parse({ action: 'delete', type: 'news', symbol: 'BTC/USD', source: 'x' }),
    ).toEqual({
      action: 'delete',
      type: 'news',
      symbol: 'BTC/USD',
    });
    expect(
      manageTriggerInputSchema.safeParse({ action: 'pause', type: 'news', symbol: 'BTC/USD' }).success,
    ).toBe(false);
    expect(
      manageTriggerInputSchema.safeParse({ action: 'add', type: 'rumour', symbol: 'BTC/USD' }).success,
    ).toBe(false);
    expect(triggerWebhookInputSchema.safeParse({ type: 'news', symbol: 'BTC/USD' }).success).toBe(false);
    expect(triggerWebhookInputSchema.safeParse({ type: 'onchain_spike', symbol: 'BTC/USD' }).success).toBe(
      true,
    );
  });
});

describe('manage pairs', () => {
  it('add defaults to inactive with an empty config; an empty Kraken symbol is left to the server', () => {
    expect(managePairInputSchema.parse({ action: 'add', symbol: 'SOL/USD', krakenSymbol: '' })).toEqual({
      action: 'add',
      symbol: 'SOL/USD',
      krakenSymbol: undefined,
      active: false,
      dynamic_config: {},
    });
    expect(
      messages(managePairInputSchema, { action: 'add', symbol: 'SOL/USD', krakenSymbol: 'sol-usd' }),
    ).toEqual(['Invalid Kraken symbol format (e.g., XBTUSD)']);
  });

  it('update changes only what it carries', () => {
    const toggle = managePairInputSchema.parse({ action: 'update', symbol: 'BTC/USD', active: true });
    expect(toggle).toEqual({ action: 'update', symbol: 'BTC/USD', active: true });
    expect(managePairInputSchema.parse({ action: 'delete', symbol: 'BTC/USD' })).toEqual({
      action: 'delete',
      symbol: 'BTC/USD',
    });
  });

  it('dynamic_config text must be a JSON object', () => {
    expect(dynamicConfigTextSchema.parse('{"volumeThreshold": 2}')).toEqual({ volumeThreshold: 2 });
    expect(dynamicConfigTextSchema.parse('')).toEqual({});
    expect(messages(dynamicConfigTextSchema, '{oops')).toEqual(['Invalid JSON in dynamic_config']);
    expect(dynamicConfigTextSchema.safeParse('"text"').success).toBe(false);
  });
});
