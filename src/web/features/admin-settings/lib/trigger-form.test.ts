import { describe, expect, it } from 'vitest';
import { EMPTY_TRIGGER_FORM, triggerFormSchema, type TriggerFormValues } from './trigger-form';

const form = (over: Partial<TriggerFormValues>): TriggerFormValues => ({ ...EMPTY_TRIGGER_FORM, ...over });
const messages = (values: TriggerFormValues) =>
  triggerFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the trigger form schema', () => {
  it('builds an add with trimmed keywords, empty ones dropped, and no source as null', () => {
    expect(triggerFormSchema.parse(form({ symbol: 'BTC/USD', keywords: ' etf , ,halving ' }))).toEqual({
      action: 'add',
      type: 'news',
      symbol: 'BTC/USD',
      source: null,
      keywords: ['etf', 'halving'],
      active: true,
    });
  });

  it('sends only action, type and symbol for a delete', () => {
    expect(
      triggerFormSchema.parse(form({ action: 'delete', id: 't1', type: 'breakout', symbol: 'ETH/USD' })),
    ).toEqual({ action: 'delete', type: 'breakout', symbol: 'ETH/USD' });
  });

  it('keeps the edited row id on an update', () => {
    expect(triggerFormSchema.parse(form({ action: 'update', id: 't1', symbol: 'ETH/USD' }))).toMatchObject({
      action: 'update',
      id: 't1',
    });
  });

  it("gives section 5's messages word for word", () => {
    expect(messages(form({ type: '', symbol: '' }))).toEqual([
      ['type', 'Trigger type is required'],
      ['symbol', 'Symbol is required'],
    ]);
    expect(messages(form({ symbol: 'btc-usd', source: 'ftp://feed' }))).toEqual([
      ['symbol', 'Invalid symbol format (e.g., BTC/USD)'],
      ['source', 'Invalid URL format'],
    ]);
  });
});
