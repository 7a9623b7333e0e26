// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { render, screen, userEvent, waitFor, within } from '../../../testing/dom';
import { testTicker } from '../lib/test-ticker';
import { PairDetailsModal } from './pair-details-modal';

type Answer = { status: number; body?: unknown };
interface Call {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

/** The server, at the fetch level: each call is recorded and answered by the case's function. */
function serve(answer: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      authorization: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status, body } = await answer(call);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  });
  return calls;
}

const isTickerCall = (call: Call) => call.method === 'GET' && call.url.startsWith('/api/pairs/ticker/');

function renderModal(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PairDetailsModal pair="BTC/USD" onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Pair Details: BTC/USD' }) };
}

const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const toasted = () => ({
  success: vi.mocked(toast.success).mock.calls.map(([text]) => text),
  error: vi.mocked(toast.error).mock.calls.map(([text]) => text),
});

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('PairDetailsModal', () => {
  it('asks for the ticker with its range, order book and sentiment, and lists its figures', async () => {
    const ticker = testTicker();
    const calls = serve(() => ({ status: 200, body: { tickers: [ticker] } }));
    const { dialog } = renderModal();

    expect(within(dialog).getByText('Loading pair details...').getAttribute('role')).toBe('status');
    for (const name of ['Submit Comment', 'Like', 'Dislike'])
      expect(button(dialog, name)).toHaveProperty('disabled', true);

    await within(dialog).findByText('64,250.50 USD');
    expect(calls).toEqual([
      {
        method: 'GET',
        url: '/api/pairs/ticker/BTC%2FUSD?include=historical%2CorderBook%2Csentiment',
        authorization: 'Bearer token-1',
        body: undefined,
      },
    ]);
    const terms = within(dialog)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(dialog)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toHaveLength(19);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toMatchObject({
      'Heat Score': '81.46',
      'Success Rate': '62.50%',
      'Position Type': 'Scalp long',
      'Active Triggers': 'volume_spike, breakout',
      'AI Comments': ticker.aiComments.summary,
    });
    for (const name of ['Submit Comment', 'Like', 'Dislike'])
      expect(button(dialog, name)).toHaveProperty('disabled', false);
    expect(within(dialog).getByLabelText('Add Feedback')).toHaveProperty('placeholder', 'Add a comment...');
  });

  it('keeps the feedback buttons off when the pair has no live offer', async () => {
    serve(() => ({ status: 200, body: { tickers: [testTicker({ offerId: null })] } }));
    const { dialog } = renderModal();
    await within(dialog).findByText('This pair has no live offer to give feedback on.');
    for (const name of ['Submit Comment', 'Like', 'Dislike'])
      expect(button(dialog, name)).toHaveProperty('disabled', true);
  });

  it.each([
    [{ status: 400, body: { error: 'Unknown pair: BTC/USD' } }, 'Unknown pair: BTC/USD'],
    [{ status: 502 }, 'Unknown error'],
    [{ status: 200, body: { tickers: [] } }, 'Unknown error'],
  ])('says why loading failed (%j)', async (answer, reason) => {
    serve(() => answer);
    const { dialog } = renderModal();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`Failed to load pair details: ${reason}`);
    expect(button(dialog, 'Like')).toHaveProperty('disabled', true);
  });

  it('refuses a blank comment without calling, then sends the trimmed text, toasts and clears it', async () => {
    const ticker = testTicker();
    const calls = serve((call) =>
      isTickerCall(call) ? { status: 200, body: { tickers: [ticker] } } : { status: 200, body: { ok: true } },
    );
    const { dialog } = renderModal();
    await within(dialog).findByText('64,250.50 USD');
    const comment = within(dialog).getByLabelText('Add Feedback');

    await userEvent.type(comment, '   ');
    await userEvent.click(button(dialog, 'Submit Comment'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Comment cannot be empty');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(toasted()).toEqual({ success: [], error: [] });

    await userEvent.type(comment, ' Entry looks late ');
    await userEvent.click(button(dialog, 'Submit Comment'));
    await waitFor(() => expect(toasted().success).toEqual(['Feedback submitted successfully']));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `/api/offers/${ticker.offerId}/feedback`,
        authorization: 'Bearer token-1',
        body: { type: 'comment', text: 'Entry looks late' },
      },
    ]);
    await waitFor(() => expect(comment).toHaveProperty('value', ''));
    expect(within(dialog).getByTestId('feedback-outcome').textContent).toBe(
      'Feedback submitted successfully',
    );
  });

  it("sends a like or dislike alone, and toasts the server's refusal or 'Failed to submit feedback'", async () => {
    const ticker = testTicker();
    const answers: Answer[] = [
      { status: 200, body: { ok: true } },
      { status: 409, body: { error: 'This offer has expired' } },
      { status: 500 },
    ];
    const calls = serve((call) =>
      isTickerCall(call) ? { status: 200, body: { tickers: [ticker] } } : answers.shift()!,
    );
    const { dialog } = renderModal();
    await within(dialog).findByText('64,250.50 USD');
    await userEvent.type(within(dialog).getByLabelText('Add Feedback'), 'kept');

    await userEvent.click(button(dialog, 'Like'));
    await waitFor(() => expect(toasted().success).toEqual(['Feedback submitted successfully']));
    await userEvent.click(button(dialog, 'Dislike'));
    await waitFor(() => expect(toasted().error).toEqual(['This offer has expired']));
    expect(within(dialog).getByTestId('feedback-outcome').textContent).toBe('This offer has expired');
    await userEvent.click(button(dialog, 'Dislike'));
    await waitFor(() =>
      expect(toasted().error).toEqual(['This offer has expired', 'Failed to submit feedback']),
    );

    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { type: 'like' },
      { type: 'dislike' },
      { type: 'dislike' },
    ]);
    // Only a sent comment is cleared.
    expect(within(dialog).getByLabelText('Add Feedback')).toHaveProperty('value', 'kept');
  });

  it('closes through its Close button', async () => {
    serve(() => ({ status: 200, body: { tickers: [testTicker()] } }));
    const { dialog, onClose } = renderModal();
    await userEvent.click(button(dialog, 'Close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
