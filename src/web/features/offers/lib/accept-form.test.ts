import { describe, expect, it } from 'vitest';
import { acceptFormDefaults, parseAcceptForm } from './accept-form';

const parse = (entryAmount: string, autoCloseProfitPercent = '') =>
  parseAcceptForm({ entryAmount, autoCloseProfitPercent });

describe('the accept form', () => {
  it("starts at $100 and the trader's auto-close default (5 % when none is known)", () => {
    expect(acceptFormDefaults()).toEqual({ entryAmount: '100', autoCloseProfitPercent: '5' });
    expect(acceptFormDefaults(0.5)).toEqual({ entryAmount: '100', autoCloseProfitPercent: '0.5' });
  });

  it('turns valid text into the accept body; a blank auto-close is left to the server', () => {
    expect(parse('100', '5')).toEqual({ ok: true, input: { entryAmount: 100, autoCloseProfitPercent: 5 } });
    expect(parse(' 25.50 ', '0.1')).toEqual({
      ok: true,
      input: { entryAmount: 25.5, autoCloseProfitPercent: 0.1 },
    });
    expect(parse('100', '  ')).toEqual({ ok: true, input: { entryAmount: 100 } });
  });

  it("answers a missing, non-numeric, zero, negative or sub-cent amount with 'Invalid entry amount'", () => {
    for (const amount of ['', '   ', 'abc', '0', '-5', '10.005', 'Infinity']) {
      expect(parse(amount, '5'), amount).toEqual({
        ok: false,
        errors: { entryAmount: 'Invalid entry amount' },
      });
    }
  });

  it("answers a present but non-numeric, zero or negative auto-close with 'Invalid auto-close profit percent'", () => {
    for (const percent of ['x', '0', '-1']) {
      expect(parse('100', percent), percent).toEqual({
        ok: false,
        errors: { autoCloseProfitPercent: 'Invalid auto-close profit percent' },
      });
    }
  });

  it('reports both fields at once', () => {
    expect(parse('', '-1')).toEqual({
      ok: false,
      errors: {
        entryAmount: 'Invalid entry amount',
        autoCloseProfitPercent: 'Invalid auto-close profit percent',
      },
    });
  });
});
