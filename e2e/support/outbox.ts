import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from 'vitest';
import { mailTo } from '../../src/server/providers/mail/testing/mailbox';

/**
 * The link labelled `label` in the newest message to `to` with this subject, from a server's outbox
 * (its DATA_DIR/outbox, where mail goes without SMTP_URL), once `count` such messages are there.
 */
export async function outboxLink(
  dataDir: string,
  mail: { to: string; subject: string; label: string; count?: number },
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const matching = async () => {
    // Named by the time they were kept: sorted, the newest comes last.
    const files = existsSync(outbox) ? readdirSync(outbox).sort() : [];
    const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(outbox, f)))));
    return parsed.filter((m) => m.subject === mail.subject && mailTo(m) === mail.to);
  };
  await expect.poll(async () => (await matching()).length).toBe(mail.count ?? 1);
  const text = (await matching()).at(-1)!.text ?? '';
  return new RegExp(`${mail.label}: (\\S+)`).exec(text)?.[1] ?? '';
}
