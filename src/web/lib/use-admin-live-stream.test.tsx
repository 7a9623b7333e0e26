// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminLiveMessage } from '../../contract/events';
import { AUTH_TOKEN_STORAGE_KEY } from './auth-token';
import { useAdminLiveStream } from './use-admin-live-stream';

// Toasts on screen, by id: enough of react-toastify to see a toast updated in place.
const shown = vi.hoisted(() => new Map<string, unknown>());
vi.mock('react-toastify', () => ({
  toast: {
    info: vi.fn((text: unknown, { toastId }: { toastId: string }) => shown.set(toastId, text)),
    update: vi.fn((toastId: string, { render }: { render: unknown }) => shown.set(toastId, render)),
    isActive: (toastId: string) => shown.has(toastId),
    error: vi.fn(),
    warning: vi.fn(),
  },
}));

const texts = (kind: 'info' | 'error' | 'warning') => vi.mocked(toast[kind]).mock.calls.map(([t]) => t);
const AT = '2026-11-23T10:00:00.000Z';

/** The server's stream as fetch answers it: the test writes the events. */
function fakeStream() {
  const requests: { url: string; headers: Record<string, string>; signal: AbortSignal }[] = [];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requests.push({ url, headers: init.headers as Record<string, string>, signal: init.signal! });
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
  });
  const flush = () => vi.advanceTimersByTimeAsync(0);
  return {
    requests,
    send: async (message: unknown) => {
      const data = typeof message === 'string' ? message : JSON.stringify(message);
      controller.enqueue(new TextEncoder().encode(`data: ${data}\n\n`));
      await flush();
    },
    drop: async () => {
      controller.close();
      await flush();
    },
    flush,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'admin-token');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  shown.clear();
  localStorage.clear();
});

function mount() {
  const received: AdminLiveMessage[] = [];
  const view = renderHook(() => useAdminLiveStream((message) => received.push(message)));
  return { received, view };
}

describe('the admin live stream on a screen', () => {
  it('opens /api/admin/heatmap/live with the bearer token and closes it when the screen goes', async () => {
    const server = fakeStream();
    const { view } = mount();
    await server.flush();
    expect(server.requests[0]).toMatchObject({
      url: '/api/admin/heatmap/live',
      headers: { authorization: 'Bearer admin-token' },
    });
    view.unmount();
    expect(server.requests[0]!.signal.aborted).toBe(true);
  });

  it("shows 'Analysis {id}: {status} ({progress}%)' in one toast per analysis and hands every message on", async () => {
    const server = fakeStream();
    const { received } = mount();
    await server.flush();
    const status = { channel: 'analysis_status', pair: 'BTC/USD', stage: 'fetch', at: AT };
    await server.send({ ...status, analysisId: 'an-7', status: 'running', progress: 20 });
    await server.send({ ...status, analysisId: 'an-8', status: 'queued', stage: null, progress: 0 });
    await server.send({ ...status, analysisId: 'an-7', status: 'completed', stage: 'offer', progress: 100 });
    expect([...shown]).toEqual([
      ['analysis-an-7', 'Analysis an-7: completed (100%)'],
      ['analysis-an-8', 'Analysis an-8: queued (0%)'],
    ]);
    expect(texts('info')).toEqual(['Analysis an-7: running (20%)', 'Analysis an-8: queued (0%)']);
    shown.clear(); // the toasts closed: the same notice again is not shown twice
    await server.send({ ...status, analysisId: 'an-7', status: 'completed', stage: 'offer', progress: 100 });
    expect(shown.size).toBe(0);
    expect(received.map((m) => `${m.analysisId} ${m.status} ${m.progress}`)).toEqual([
      'an-7 running 20',
      'an-8 queued 0',
      'an-7 completed 100',
      'an-7 completed 100',
    ]);
  });

  it("toasts 'Worker error for {pair}: {error}' and 'Error parsing live update' for a bad message", async () => {
    const server = fakeStream();
    const { received } = mount();
    await server.flush();
    await server.send({ channel: 'worker_log', pair: 'ETH/USD', error: 'feed timeout', at: AT });
    await server.send('{not json');
    await server.send({ channel: 'nonsense', at: AT });
    expect(texts('error')).toEqual([
      'Worker error for ETH/USD: feed timeout',
      'Error parsing live update',
      'Error parsing live update',
    ]);
    expect(received).toHaveLength(1);
  });

  it('keeps an operator alert on screen until it is dismissed, once per alert', async () => {
    const server = fakeStream();
    const { received } = mount();
    await server.flush();
    const alert = { channel: 'alert', error: 'Live trading is paused: …', at: AT };
    await server.send(alert);
    await server.send(alert);
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ['Live trading is paused: …', { toastId: `alert-${AT}`, autoClose: false }],
    ]);
    expect(received).toHaveLength(2);
  });

  it('warns on each reconnect attempt, 5 s apart, then asks for a refresh', async () => {
    const server = fakeStream();
    mount();
    await server.flush();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await server.drop();
    expect(texts('warning')).toEqual(['Live updates disconnected. Reconnecting (1/5)...']);
    await vi.advanceTimersByTimeAsync(4 * 5_000);
    expect(texts('warning')).toHaveLength(5);
    expect(texts('warning').at(-1)).toBe('Live updates disconnected. Reconnecting (5/5)...');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(texts('warning').at(-1)).toBe('Max reconnection attempts reached. Please refresh.');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(texts('warning')).toHaveLength(6);
  });
});
