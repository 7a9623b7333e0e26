import type { MailMessage } from './mailer';

export const PRODUCT_NAME = 'HeatSignal';

export interface MailContent {
  to: string;
  subject: string;
  /** Paragraphs of plain text, in order; the action's link comes after them. */
  paragraphs: string[];
  action: { label: string; url: string };
  /** A closing line, e.g. what to do when the message was not expected. */
  footer: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A message in the product's name: the same words as plain text and as simple HTML. */
export function renderMail({ to, subject, paragraphs, action, footer }: MailContent): MailMessage {
  const text = [...paragraphs, `${action.label}: ${action.url}`, footer, `— ${PRODUCT_NAME}`].join('\n\n');
  const html = [
    `<h1 style="font-family:sans-serif;font-size:20px">${PRODUCT_NAME}</h1>`,
    ...paragraphs.map((p) => `<p style="font-family:sans-serif">${escapeHtml(p)}</p>`),
    `<p style="font-family:sans-serif"><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-family:sans-serif;color:#666">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, subject: `${subject} — ${PRODUCT_NAME}`, text, html };
}
