// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../../contract/notifications';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { act, render, screen, userEvent, waitFor, within } from '../../../testing/dom';
import { serveApi, type FakeCall } from '../../../testing/fake-api';
import { NOTIFICATIONS_PAGE } from '../api/get-notifications';
import { NotificationBell } from './notification-bell';

// The server's socket, as the bell subscribes to it: the test pushes `notification` itself.
const live = vi.hoisted((): { push: (payload: unknown) => void } => ({ push: () => undefined }));
vi.mock('../../../lib/use-socket', () => ({
  useSocket: () => ({ on: () => undefined, off: () => undefined }),
  useSocketEvent: (_socket: unknown, event: string, handler: (payload: unknown) => void) => {
    if (event === 'notification') live.push = handler;
  },
}));

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  kind: 'offer.created',
  title: `New offer: PAIR${id}/USD`,
  body: `PAIR${id}/USD long: heat 70`,
  link: '/offers',
  createdAt: minutesAgo(id * 5),
  readAt: null,
  ...over,
});

const rejected = note(1, {
  kind: 'withdrawal.rejected',
  title: 'Withdrawal rejected',
  body: '$40.00 is back in your balance.',
  link: '/payments',
});
const closed = note(2, { kind: 'trade.closed', title: 'Trade closed: BTC/USD', link: '/trades' });
const old = note(3, { readAt: minutesAgo(1), link: null, title: 'Accept refused: ETH/USD' });

/** The server: `pages` answered in order of `before`, unread counted from what it holds. */
function serveBell(all: Notification[]) {
  const held = all.map((n) => ({ ...n }));
  return serveApi((call) => {
    if (call.method === 'GET' && call.path === '/api/notifications') {
      const from = call.query.before ? held.findIndex((n) => n.id === call.query.before) + 1 : 0;
      const limit = Number(call.query.limit);
      return {
        status: 200,
        body: { data: held.slice(from, from + limit), unread: held.filter((n) => !n.readAt).length },
      };
    }
    if (call.method === 'POST' && call.path === '/api/notifications/read') {
      const body = call.body as { ids?: string[]; all?: true };
      for (const n of held) if (body.all || body.ids?.includes(n.id)) n.readAt ??= new Date().toISOString();
      return { status: 200, body: { ok: true } };
    }
    return undefined;
  });
}

const reads = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === '/api/notifications/read').map((c) => c.body);

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <NotificationBell />
        <Routes>
          <Route path="/dashboard" element={<h1>Dashboard</h1>} />
          <Route path="/payments" element={<h1>Payments</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => screen.getByRole('dialog', { name: /Notifications/ });

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the notification bell', () => {
  it('shows the unread count on the bell and in its label', async () => {
    serveBell([rejected, closed, old]);
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a panel of the newest, each with its words, its time and an unread dot; Escape closes it', async () => {
    serveBell([rejected, closed, old]);
    renderBell();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell());

    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const heading = within(panel()).getByRole('heading', { name: 'Notifications (2 unread)' });
    expect(document.activeElement).toBe(heading);
    const items = within(panel()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Unread: Withdrawal rejected$40.00 is back in your balance.5 minutes ago',
      'Unread: Trade closed: BTC/USDPAIR2/USD long: heat 7010 minutes ago',
      'Accept refused: ETH/USDPAIR3/USD long: heat 7015 minutes ago',
    ]);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/payments');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());
  });

  it('follows an item to its page, marking it read', async () => {
    const calls = serveBell([rejected, closed, old]);
    renderBell();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell());
    await user.click(within(panel()).getByRole('link', { name: /Withdrawal rejected/ }));

    expect(await screen.findByRole('heading', { name: 'Payments' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(reads(calls)).toEqual([{ ids: [rejected.id] }]);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });

  it("marks all as read: the badge goes, and the server is told 'all'", async () => {
    const calls = serveBell([rejected, closed, old]);
    renderBell();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell());
    await user.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));

    expect(reads(calls)).toEqual([{ all: true }]);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(within(panel()).queryByText('Unread:', { exact: false })).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('puts a notification from the socket on top and counts it', async () => {
    serveBell([old]);
    renderBell();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Notifications' });
    act(() => live.push({ ...closed, createdAt: new Date().toISOString() }));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    // The same one again (a second socket, a reconnect) is not counted twice.
    act(() => live.push({ ...closed, createdAt: new Date().toISOString() }));
    await user.click(bell());
    const items = within(panel()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.slice(0, 29))).toEqual([
      'Unread: Trade closed: BTC/USD',
      'Accept refused: ETH/USDPAIR3/',
    ]);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
  });

  it('loads more, older ones after the last shown', async () => {
    const many = Array.from({ length: NOTIFICATIONS_PAGE + 3 }, (_, i) =>
      note(i + 1, { readAt: minutesAgo(0) }),
    );
    const calls = serveBell(many);
    renderBell();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell());
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(NOTIFICATIONS_PAGE);
    await user.click(within(panel()).getByRole('button', { name: 'Load more' }));

    await waitFor(() =>
      expect(within(panel()).getAllByRole('listitem')).toHaveLength(NOTIFICATIONS_PAGE + 3),
    );
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.query.before)).toEqual([
      undefined,
      many[NOTIFICATIONS_PAGE - 1]!.id,
    ]);
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    serveBell([]);
    renderBell();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell());
    expect(within(panel()).getByText(/^Nothing yet/)).toBeTruthy();
  });
});
