import type { MailMessage } from './mailer';

export const PRODUCT_NAME = 'HeatSignal';

export interface MailContent {
  to: string;
  subject: string;
  /** Paragraphs of plain text, in order; the action's link comes after them. */
  paragraphs: string[];
  /** A list after the paragraphs (e.g. a digest's offers). */
  items?: string[];
  action: { label: string; url: string };
  /** A closing line, e.g. what to do when the message was not expected. */
  footer: string;
  /**
   * A one-click way out of this kind of mail: a link under the footer, and the `List-Unsubscribe`
   * headers (RFC 2369, RFC 8058) mail clients show as their own unsubscribe button, which POST to
   * the same URL.
   */
  unsubscribe?: { label: string; url: string };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A message in the product's name: the same words as plain text and as simple HTML. */
export function renderMail(content: MailContent): MailMessage {
  const { to, subject, paragraphs, items, action, footer, unsubscribe } = content;
  const text = [
    ...paragraphs,
    ...(items?.length ? [items.map((item) => `- ${item}`).join('\n')] : []),
    `${action.label}: ${action.url}`,
    footer,
    ...(unsubscribe ? [`${unsubscribe.label}: ${unsubscribe.url}`] : []),
    `— ${PRODUCT_NAME}`,
  ].join('\n\n');
  const link = ({ label, url }: { label: string; url: string }) =>
    `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    `<h1 style="font-family:sans-serif;font-size:20px">${PRODUCT_NAME}</h1>`,
    ...paragraphs.map((p) => `<p style="font-family:sans-serif">${escapeHtml(p)}</p>`),
    ...(items?.length
      ? [
          `<ul style="font-family:sans-serif">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
        ]
      : []),
    `<p style="font-family:sans-serif">${link(action)}</p>`,
    `<p style="font-family:sans-serif;color:#666">${escapeHtml(footer)}</p>`,
    ...(unsubscribe
      ? [`<p style="font-family:sans-serif;font-size:12px;color:#666">${link(unsubscribe)}</p>`]
      : []),
  ].join('\n');
  return {
    to,
    subject: `${subject} — ${PRODUCT_NAME}`,
    text,
    html,
    ...(unsubscribe && {
      headers: {
        'List-Unsubscribe': `<${unsubscribe.url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
  };
}
