import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiCommentator } from '..';
import { createBuiltinCommentator } from '../builtin';
import { BTC_ANALYSIS } from '../testdata/analysis';
import { startFakeOpenAi, type FakeMode } from '../testdata/fake-openai';
import { createOpenAiCommentator } from '.';

const KEY = 'sk-test-0123456789';
const input = { pair: 'BTC/USD', analysis: BTC_ANALYSIS, triggerReason: 'Volume spike' };

describe('openai commentator against a loopback Chat Completions endpoint', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  const settings = { aiModel: 'gpt-4o-mini', chatgptMaxRequests: 100 };
  const clock = { now: Date.UTC(2025, 0, 15, 12) };
  const warnings: string[] = [];
  const builtin = createBuiltinCommentator();
  let builtinSummary: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi(KEY);
    builtinSummary = (await builtin.summarize(input)).summary;
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    fake.state.mode = 'ok';
    fake.state.requests.length = 0;
    warnings.length = 0;
  });

  const commentator = (apiKey = KEY) =>
    createOpenAiCommentator({
      baseUrl: `${fake.baseUrl}/`,
      apiKey,
      settings: { get: async () => ({ ...settings }) },
      fallback: builtin,
      timeoutMs: 300,
      clock: () => clock.now,
      log: { warn: (details) => warnings.push(String((details as { err: unknown }).err)) },
    });

  it('posts the figures with the bearer key and the configured model, and returns the reply', async () => {
    const result = await commentator().summarize(input);
    expect(result.source).toBe('openai');
    expect(result.summary).toMatch(/^BTC\/USD is trending up with RSI 66/);
    const [request] = fake.state.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body.model).toBe('gpt-4o-mini');
    expect(request?.body.messages[1]?.content).toContain('"successSampleSize":143');
    expect(request?.body.messages[1]?.content).toContain('"trigger":"Volume spike"');
  });

  it.each<[FakeMode, RegExp]>([
    ['server_error', /HTTP 500: The server had an error/],
    ['unauthorized', /HTTP 401: Incorrect API key/],
    ['hang', /timed out after 300 ms/],
    ['malformed', /not JSON/],
    ['wrong_shape', /not a chat completion/],
  ])('falls back to the built-in analyst on %s', async (mode, why) => {
    fake.state.mode = mode;
    const result = await commentator().summarize(input);
    expect(result).toEqual({ summary: builtinSummary, source: 'builtin' });
    expect(fake.state.requests).toHaveLength(1);
    expect(warnings).toEqual([expect.stringMatching(why) as string]);
  });

  it('sends at most chatgptMaxRequests per rolling hour, then uses builtin without calling', async () => {
    settings.chatgptMaxRequests = 2;
    const ai = commentator();
    expect((await ai.summarize(input)).source).toBe('openai');
    clock.now += 30 * 60_000;
    expect((await ai.summarize(input)).source).toBe('openai');
    expect(await ai.summarize(input)).toEqual({ summary: builtinSummary, source: 'builtin' });
    expect(fake.state.requests).toHaveLength(2);
    expect(warnings).toEqual(['hourly cap of 2 requests reached']);

    clock.now += 30 * 60_000 + 1; // the first request left the window
    expect((await ai.summarize(input)).source).toBe('openai');
    expect(fake.state.requests).toHaveLength(3);
    settings.chatgptMaxRequests = 100;
  });

  it('applies a model change from the settings at once', async () => {
    settings.aiModel = 'llama3.1:8b';
    await commentator().summarize(input);
    expect(fake.state.requests[0]?.body.model).toBe('llama3.1:8b');
    settings.aiModel = 'gpt-4o-mini';
  });

  it('createAiCommentator picks the provider', async () => {
    const get = async () => ({ ...settings });
    const local = createAiCommentator({ provider: 'builtin', settings: { get } });
    expect(await local.summarize(input)).toEqual({ summary: builtinSummary, source: 'builtin' });
    expect(fake.state.requests).toHaveLength(0);

    const remote = createAiCommentator({
      provider: 'openai',
      baseUrl: fake.baseUrl,
      apiKey: KEY,
      settings: { get },
    });
    expect((await remote.summarize(input)).source).toBe('openai');
    expect(() => createAiCommentator({ provider: 'openai', settings: { get } })).toThrow(/OPENAI_BASE_URL/);
  });
});
