// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../../../contract/webhooks';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { fireEvent, screen, userEvent, waitFor, within } from '../../../testing/dom';
import { serveApi, type FakeCall } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { rotateQuestion, SECRET_SHOWN_ONCE, WebhooksCard } from './webhooks-card';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'trader-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const SECRET = 'whsec_Fq3kP9sLx2mB7vN1cR8tY4wZ6aD0eG5h';
const ROTATED = 'whsec_Rotated00000000000000000000000k9';
const ID = '7d3f0c1a-5b2e-4c8d-9e6f-1a2b3c4d5e6f';
const at = '2026-11-21T10:00:00.000Z';
const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ID,
  url: 'https://bots.example.com/heatsignal',
  format: 'heatsignal',
  events: ['offer.created'],
  enabled: true,
  disabledReason: null,
  consecutiveFailures: 0,
  secretHint: `whsec_…${SECRET.slice(-4)}`,
  freqtrade: null,
  threeCommas: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});
const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  eventId: 'offer.created:o1',
  eventType: 'offer.created',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  latencyMs: 42,
  error: null,
  createdAt: at,
  lastAttemptAt: at,
  nextAttemptAt: null,
  deliveredAt: at,
  ...over,
});

function serveWebhooks(initial: WebhookEndpoint[], deliveries: WebhookDelivery[] = []) {
  let endpoints = [...initial];
  return serveApi((call: FakeCall) => {
    if (call.path === '/api/webhooks' && call.method === 'GET') return { status: 200, body: { endpoints } };
    if (call.path === '/api/webhooks' && call.method === 'POST') {
      const body = call.body as { url: string; events: WebhookEndpoint['events'] };
      const made = endpoint({ url: body.url, events: body.events });
      endpoints = [...endpoints, made];
      return { status: 200, body: { endpoint: made, secret: SECRET } };
    }
    if (call.path.endsWith('/deliveries')) return { status: 200, body: { deliveries } };
    if (call.path.endsWith('/rotate-secret'))
      return { status: 200, body: { endpoint: endpoints[0], secret: ROTATED } };
    if (call.path.endsWith('/test'))
      return {
        status: 200,
        body: { delivery: delivery({ eventType: 'test', status: 'pending', attempts: 0 }) },
      };
    return undefined;
  });
}
const renderCard = () =>
  renderWithQuery(
    <MemoryRouter>
      <WebhooksCard />
    </MemoryRouter>,
  );

describe('Webhooks on Settings', () => {
  it('adds an endpoint and shows its signing secret once, then only its last characters', async () => {
    const calls = serveWebhooks([]);
    renderCard();
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The webhook docs' }).getAttribute('href')).toBe(
      '/docs#webhooks',
    );

    await userEvent.type(screen.getByLabelText('URL'), 'https://bots.example.com/heatsignal');
    fireEvent.click(screen.getByLabelText('Trade closed'));
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));

    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(SECRET);
    expect(screen.getByText(SECRET_SHOWN_ONCE)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://bots.example.com/heatsignal',
      format: 'heatsignal',
      events: ['offer.created', 'trade.closed'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    expect(list.textContent).toContain(`whsec_…${SECRET.slice(-4)}`);
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(vi.mocked(toast.success)).toHaveBeenCalledWith('Webhook added');
  });

  it("asks Freqtrade's credentials, offers only the events it can act on, and checks before sending", async () => {
    const calls = serveWebhooks([]);
    renderCard();
    await screen.findByText('No webhooks yet.');
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'freqtrade' } });
    expect(screen.getByLabelText('API password')).toBeTruthy();
    const events = within(screen.getByRole('group', { name: 'Events' })).getAllByRole('checkbox');
    expect(events).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('URL'), 'https://ft.example.com/api/v1/forceenter');
    await userEvent.type(screen.getByLabelText('API user name'), 'freq');
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the Freqtrade API password');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows why an endpoint was disabled and its delivery log', async () => {
    serveWebhooks(
      [
        endpoint({
          enabled: false,
          disabledReason: 'Disabled after 10 failed attempts in a row (last: HTTP 503)',
        }),
      ],
      [
        delivery({ status: 'failed', attempts: 10, responseStatus: 503, latencyMs: 12, error: 'HTTP 503' }),
        delivery({ id: 'd0', eventType: 'test' }),
      ],
    );
    renderCard();
    expect(
      await screen.findByText('Disabled after 10 failed attempts in a row (last: HTTP 503)'),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send test event' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', {
      name: 'Deliveries to https://bots.example.com/heatsignal',
    });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, failed, test] = within(table).getAllByRole('row');
    expect(failed!.textContent).toContain('New matching offer');
    expect(failed!.textContent).toContain('failed');
    expect(failed!.textContent).toContain('503');
    expect(failed!.textContent).toContain('12 ms');
    expect(test!.textContent).toContain('Test event');
  });

  it('sends a test event, and rotates the secret after asking, showing the new one once', async () => {
    const calls = serveWebhooks([endpoint()]);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/webhooks/${ID}/test`)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText(rotateQuestion('https://bots.example.com/heatsignal'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(ROTATED);
  });
});
