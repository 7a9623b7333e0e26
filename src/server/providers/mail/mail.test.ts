import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderMail } from './message';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import { startFakeSmtpServer, type FakeSmtpServer } from './testing/fake-smtp-server';
import { freePort } from '../../testing/free-port';

const FROM = 'HeatSignal <no-reply@signals.example.com>';
const message = renderMail({
  to: 'trader@example.com',
  subject: 'Reset your password',
  paragraphs: ['First <paragraph> & more.', 'Second one.'],
  action: { label: 'Choose a new password', url: 'https://signals.example.com/reset-password?token=a&b' },
  footer: 'Not you? Ignore this.',
});

describe('mail', () => {
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(async () => smtp.close());

  it('renders the same words as text and as escaped HTML, in the product name', () => {
    expect(message.subject).toBe('Reset your password — HeatSignal');
    expect(message.text).toBe(
      'First <paragraph> & more.\n\nSecond one.\n\n' +
        'Choose a new password: https://signals.example.com/reset-password?token=a&b\n\n' +
        'Not you? Ignore this.\n\n— HeatSignal',
    );
    expect(message.html).toContain(
      '<p style="font-family:sans-serif">First &lt;paragraph&gt; &amp; more.</p>',
    );
    expect(message.html).toContain(
      '<a href="https://signals.example.com/reset-password?token=a&amp;b">Choose a new password</a>',
    );
  });

  it('hands a message to the mail server in SMTP_URL, signed in with its credentials', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: FROM });
    await mailer.send(message);
    mailer.close();
    const received = smtp.messages.at(-1)!;
    expect(received.from?.value).toEqual([{ name: 'HeatSignal', address: 'no-reply@signals.example.com' }]);
    expect(received.subject).toBe('Reset your password — HeatSignal');
    expect(received.text?.trim()).toBe(message.text);
    expect(received.html).toBe(message.html);
  });

  it('fails a send with a clear error, without the password, when the server refuses or is down', async () => {
    const refused = createSmtpMailer({ url: smtp.url.replace('mail-password', 'wrong-secret'), from: FROM });
    const error = await refused.send(message).catch((e: Error) => e);
    refused.close();
    expect((error as Error).message).toMatch(/^The mail server refused or could not be reached: /);
    expect((error as Error).message).not.toContain('wrong-secret');

    // Nothing listens there: connecting is refused at once.
    const port = await freePort();
    const down = createSmtpMailer({
      url: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      from: FROM,
      timeoutMs: 2_000,
    });
    await expect(down.send(message)).rejects.toThrow(
      /^The mail server refused or could not be reached: .*ECONNREFUSED/,
    );
    down.close();
  });

  it('keeps each message in the outbox, readable by its owner only, and logs its link', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'heatsignal-outbox-')), 'outbox');
    const log = vi.fn();
    const mailer = createOutboxMailer({ dir, from: FROM, log });
    await mailer.send(message);
    mailer.close();
    const [file] = readdirSync(dir);
    expect(file).toMatch(/\.eml$/);
    expect(statSync(path.join(dir, file!)).mode & 0o777).toBe(0o600);
    const kept = await simpleParser(readFileSync(path.join(dir, file!)));
    expect(kept.to && 'text' in kept.to ? kept.to.text : '').toBe('trader@example.com');
    expect(kept.subject).toBe('Reset your password — HeatSignal');
    expect(kept.text?.trim()).toBe(message.text);
    expect(log).toHaveBeenCalledWith({
      to: 'trader@example.com',
      subject: 'Reset your password — HeatSignal',
      file: path.join(dir, file!),
      links: ['https://signals.example.com/reset-password?token=a&b'],
    });
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});
