/**
 * Pure mapping between an analysis and the Chat Completions wire format.
 *
 * The request sets only `model` and `messages`: `max_tokens` is refused by OpenAI's newer models
 * (they want `max_completion_tokens`, which many compatible servers do not know) and some models
 * accept no `temperature` but the default. Length is asked for in the prompt and enforced here.
 */
import { z } from 'zod';
import type { AiCommentInput } from '../ai-commentator';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}
export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
}

export const SYSTEM_PROMPT =
  'You are the market analyst of a crypto trading-signal service. Summarise the signal for a ' +
  'trader in 1 to 3 plain sentences (at most 70 words) using only the figures given: trend, RSI, ' +
  'what drives the heat score, the trade plan (take-profit, stop-loss, horizon), the success rate ' +
  'with its sample size, expected profit and risk. Percentages are in percent. Do not invent ' +
  'numbers, do not add disclaimers or advice to consult anyone, no markdown.';

/** Longest summary kept; a longer answer is cut at a sentence end. */
export const MAX_SUMMARY_CHARS = 600;

/** The figures the model sees: compact, rounded, named in plain words. */
export function promptFigures({ pair, analysis: a, triggerReason }: AiCommentInput): Record<string, unknown> {
  const r = (v: number, digits = 2) => Number(v.toFixed(digits));
  const i = a.indicators;
  return {
    pair,
    ...(triggerReason && { trigger: triggerReason }),
    trend: a.trend,
    ema20AboveEma50Percent: i.ema50 === 0 ? 0 : r(((i.ema20 - i.ema50) / i.ema50) * 100),
    macdHistogram: r(i.macdHistogram, 6),
    rsi14: r(i.rsi14, 1),
    heatScore: r(a.heatScore, 1),
    heatComponents: Object.fromEntries(
      (Object.entries(a.heatComponents) as [string, number][]).map(([k, v]) => [k, r(v)]),
    ),
    volumeVs7dMedian: r(i.relativeVolume),
    change24hPercent: r(i.change24hPercent),
    change7dPercent: r(i.change7dPercent),
    atrPercent: r(i.atrPercent),
    volatility7dPercent: r(i.volatility7dPercent),
    price: i.price,
    high24h: i.high24h,
    low24h: i.low24h,
    direction: a.signal.direction,
    side: a.signal.side,
    positionType: a.signal.positionType,
    takeProfitPercent: r(a.signal.takeProfitPercent),
    stopLossPercent: r(a.signal.stopLossPercent),
    horizonMinutes: a.signal.horizonMinutes,
    feePercent: r(a.signal.feePercent),
    successRatePercent: r(a.successRate, 1),
    successSampleSize: a.sampleSize,
    progrevScore: r(a.progrevScore),
    expectedProfitPercent: r(a.expectedProfitPercent),
    risk: a.risk,
  };
}

export function buildChatRequest(model: string, input: AiCommentInput): ChatCompletionRequest {
  return {
    model,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: `Signal figures (JSON):\n${JSON.stringify(promptFigures(input))}` },
    ],
  };
}

const chatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

/** The summary text of a Chat Completions response; throws when there is none. */
export function readChatSummary(body: unknown): string {
  const parsed = chatCompletionSchema.safeParse(body);
  if (!parsed.success) throw new Error('not a chat completion');
  const text = (parsed.data.choices[0]?.message.content ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["“](.*)["”]$/s, '$1')
    .trim();
  if (!text) throw new Error('empty completion');
  if (text.length <= MAX_SUMMARY_CHARS) return text;
  const cut = text.slice(0, MAX_SUMMARY_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > 0 ? cut.slice(0, end + 1) : `${cut.slice(0, MAX_SUMMARY_CHARS - 1)}…`;
}
