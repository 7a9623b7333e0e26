import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BTC_ANALYSIS } from '../testdata/analysis';
import { MAX_SUMMARY_CHARS, SYSTEM_PROMPT, buildChatRequest, readChatSummary } from './transform';

const recorded: unknown = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../testdata/chat-completion.json'), 'utf8'),
);

describe('chat completions transform', () => {
  it('builds a compact request with the figures and the configured model', () => {
    const request = buildChatRequest('gpt-4o-mini', {
      pair: 'BTC/USD',
      analysis: BTC_ANALYSIS,
      triggerReason: 'News',
    });
    expect(Object.keys(request)).toEqual(['model', 'messages']);
    expect(request.model).toBe('gpt-4o-mini');
    expect(request.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    const figures = JSON.parse(request.messages[1]!.content.split('\n')[1]!) as Record<string, unknown>;
    expect(figures).toMatchObject({
      pair: 'BTC/USD',
      trigger: 'News',
      trend: 'bullish',
      rsi14: 66.4,
      heatScore: 71.6,
      successRatePercent: 58.3,
      successSampleSize: 143,
      takeProfitPercent: 2.2,
      stopLossPercent: 1.1,
      horizonMinutes: 360,
      expectedProfitPercent: 0.35,
      risk: 'medium',
    });
    expect(request.messages[1]!.content.length).toBeLessThan(1200);
  });

  it('reads the summary of a recorded response', () => {
    expect(readChatSummary(recorded)).toMatch(/^BTC\/USD is trending up with RSI 66 .* at medium risk\.$/);
  });

  it('cleans quotes and whitespace and cuts an over-long answer at a sentence end', () => {
    const reply = (content: unknown) => ({
      choices: [{ index: 0, message: { role: 'assistant', content } }],
    });
    expect(readChatSummary(reply('  "Up  trend,\n strong volume."  '))).toBe('Up trend, strong volume.');
    const long = readChatSummary(reply(`${'Word '.repeat(100)}end. ${'More '.repeat(100)}.`));
    expect(long.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(long.endsWith('end.')).toBe(true);
  });

  it.each([
    [{}],
    [{ choices: [] }],
    [{ choices: [{ message: { content: null, refusal: 'no' } }] }],
    [{ choices: [{ message: { content: '   ' } }] }],
    ['text'],
  ])('refuses %j', (body) => {
    expect(() => readChatSummary(body)).toThrow();
  });
});
