import { describe, expect, it } from 'vitest';
import { encodeOfferButton, parseOfferButton } from './callback-data';
import { confirmQuestion, entryLabel, originalText, withAnswer, withQuestion } from './telegram-messages';

const OFFER = '3f1c2b9e-8d7a-4e6f-9a1b-2c3d4e5f6a7b';

describe('the offer buttons', () => {
  it('carry the step, the offer and the entry within 64 bytes, and read back only our own', () => {
    const data = encodeOfferButton({ step: 'confirm', offerId: OFFER, entryCents: 1_000_000_000 });
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(parseOfferButton(data)).toEqual({ step: 'confirm', offerId: OFFER, entryCents: 1_000_000_000 });
    expect(parseOfferButton(`a:${OFFER}:10000`)).toEqual({
      step: 'accept',
      offerId: OFFER,
      entryCents: 10_000,
    });
    for (const forged of [
      undefined,
      '',
      `z:${OFFER}:100`,
      `a:${OFFER}:0`,
      `a:${OFFER}:1000000001`,
      'a:not-a-uuid:100',
      `a:${OFFER}:1e5`,
    ])
      expect(parseOfferButton(forged), String(forged)).toBeNull();
  });
});

describe('the words of an offer message', () => {
  it('shows whole-dollar entries as the button does, and cents when there are some', () => {
    expect([entryLabel(10_000), entryLabel(123_400), entryLabel(10_050)]).toEqual([
      '$100',
      '$1,234',
      '$100.50',
    ]);
    expect(confirmQuestion({ pair: 'BTC/USD', positionType: 'quick_long' }, 10_000)).toBe(
      'Accept $100 on BTC/USD quick long?',
    );
  });

  it('gets the original message back from under its question or its answer', () => {
    const original = 'New offer: BTC/USD\nBTC/USD long: heat 80\nhttp://localhost/offers';
    const asked = withQuestion(original, 'Accept $100 on BTC/USD long?');
    expect(originalText(asked)).toBe(original);
    expect(originalText(withAnswer(original, 'Not accepted: Insufficient balance'))).toBe(original);
    expect(originalText(original)).toBe(original);
  });
});
