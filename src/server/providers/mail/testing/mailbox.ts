import type { ParsedMail } from 'mailparser';
import { expect, vi } from 'vitest';

/** The first recipient's address of a parsed message. */
export function mailTo(message: Pick<ParsedMail, 'to'>): string | undefined {
  const to = Array.isArray(message.to) ? message.to[0] : message.to;
  return to?.value[0]?.address;
}

/**
 * Waits until exactly `count` messages with this subject have reached `to`, and returns the link
 * labelled `label` in the newest (the plain-text part's "label: url" line).
 */
export async function linkSent(
  messages: ParsedMail[],
  mail: { to: string; subject: string; label: string; count: number },
): Promise<URL> {
  const matching = () => messages.filter((m) => mailTo(m) === mail.to && m.subject === mail.subject);
  await vi.waitFor(() => expect(matching()).toHaveLength(mail.count));
  const text = matching().at(-1)!.text ?? '';
  const link = new RegExp(`${mail.label}: (\\S+)`).exec(text)?.[1];
  expect(link, text).toBeDefined();
  return new URL(link!);
}
