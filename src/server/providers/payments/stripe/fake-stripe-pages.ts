/**
 * Test helper: the fake Stripe's hosted pages, so a browser test can walk through a purchase the
 * way a customer does. `GET /checkout/<id>` shows the price with a Subscribe button (the POST
 * completes the Checkout as `completeCheckout` does, then redirects to its success_url, Stripe's
 * `{CHECKOUT_SESSION_ID}` filled in) and a link back to its cancel_url; `GET /billing_portal/<id>`
 * shows a link back to the portal session's return_url. No API key, as on Stripe's own pages.
 */
import type { FakeBilling } from './fake-stripe-billing';

export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (status: number, title: string, body: string): PageAnswer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1>${body}</body></html>`,
});

const GONE = 'This Checkout Session is no longer available';

/** The page at `path`, or null when it is not one of the hosted pages. */
export async function hostedPage(
  method: string,
  path: string,
  billing: FakeBilling,
): Promise<PageAnswer | null> {
  const checkout = /^\/checkout\/([^/]+)$/.exec(path)?.[1];
  if (checkout) {
    const session = billing.checkoutSessions.get(checkout);
    if (!session || session.status !== 'open') return page(404, GONE, '');
    if (method === 'POST') {
      await billing.completeCheckout(checkout);
      const success = typeof session.success_url === 'string' ? session.success_url : null;
      if (!success) return page(200, 'Thanks for your payment', '');
      const location = success.replaceAll('{CHECKOUT_SESSION_ID}', checkout);
      return { status: 303, headers: { location }, body: '' };
    }
    const amount = ((session.amount_total as number) / 100).toFixed(2);
    const cancel = typeof session.cancel_url === 'string' ? session.cancel_url : null;
    return page(
      200,
      `Subscribe: ${amount} ${String(session.currency).toUpperCase()} a period`,
      `<form method="post"><button type="submit">Subscribe</button></form>` +
        (cancel ? `<a href="${escape(cancel)}">Back</a>` : ''),
    );
  }
  const portal = /^\/billing_portal\/([^/]+)$/.exec(path)?.[1];
  if (portal && method === 'GET') {
    const session = billing.portalSessions.get(portal);
    if (!session) return page(404, 'This portal session is no longer available', '');
    const back = typeof session.return_url === 'string' ? session.return_url : null;
    return page(
      200,
      `Billing portal for ${String(session.customer)}`,
      back ? `<a href="${escape(back)}">Return</a>` : '',
    );
  }
  return null;
}
