import { PRODUCT_NAME } from '../../providers/mail/message';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The page an unsubscribe link opens: plain HTML from the server, so it works without signing in
 * and without the web app's scripts (a mail client's browser, a phone).
 */
export function unsubscribedPage(input: { what: string; settingsUrl: string }): string {
  const what = escapeHtml(input.what);
  const settings = escapeHtml(input.settingsUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Unsubscribed — ${PRODUCT_NAME}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #0b1120; color: #e2e8f0; margin: 0; }
  main { max-width: 32rem; margin: 15vh auto; padding: 2rem; background: #111827; border-radius: 0.75rem; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  p { line-height: 1.5; color: #cbd5e1; }
  a { color: #fb923c; }
</style>
</head>
<body>
<main>
<h1>You are unsubscribed</h1>
<p>You will no longer get ${what} from ${PRODUCT_NAME}. The bell in the app still shows what happened.</p>
<p>Changed your mind? Turn it back on in <a href="${settings}">Settings › Email notifications</a>.</p>
</main>
</body>
</html>
`;
}
