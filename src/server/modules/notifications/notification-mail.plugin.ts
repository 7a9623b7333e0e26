import fp from 'fastify-plugin';
import { createEmailSettingsRepo } from './email-settings.repo';
import { registerEmailSettingsRoutes } from './email-settings.routes';
import { createEmailSettingsService, type EmailSettingsService } from './email-settings.service';
import { DIGEST_EVERY_MS, sendDigests, type DigestSummary } from './mail-digest';
import { createMailDigestRepo } from './mail-digest.repo';
import { createMailSends } from './mail-sends';
import type { DeliverySummary } from './notification-sends';
import { createNotificationSendsRepo } from './notification-sends.repo';
import { createUnsubscribeTokens } from './unsubscribe-token';

/** How often due notification mail is sent. */
export const MAIL_SENDS_EVERY_MS = 5_000;

/** A clock for one run (tests run the tasks at chosen times); the real one otherwise. */
type RunOptions = { now?: () => Date };

declare module 'fastify' {
  interface FastifyInstance {
    /** Email notifications (issue #21): the sending loops, and each trader's choices. */
    notificationMail: {
      settings: EmailSettingsService;
      /** One run of the `mail-sends` task. */
      sendDue(options?: RunOptions): Promise<DeliverySummary>;
      /** One run of the `mail-digest` task. */
      sendDigests(options?: RunOptions): Promise<DigestSummary>;
    };
  }
}

/**
 * The mail channel of the notifications: a trade closed and a withdrawal decided are mailed one by
 * one (queued in `notification_sends`, sent by the `mail-sends` task), new offers once a day in a
 * digest (`mail-digest`); every mail has a one-click unsubscribe link for its kind. Mail goes
 * through the app's mailer: SMTP_URL, else the outbox in DATA_DIR.
 */
export const notificationMailPlugin = fp(
  async (app) => {
    const { db, config, log } = app;
    const tokens = createUnsubscribeTokens(config.authSecret);
    const settingsRepo = createEmailSettingsRepo(db);
    const settings = createEmailSettingsService({ db, tokens });
    const shared = {
      settings: settingsRepo,
      users: app.users,
      mailer: app.mailer,
      tokens,
      publicUrl: config.publicUrl,
      log,
    };
    const clock = (options?: RunOptions) => options?.now ?? (() => new Date());
    const sends = createNotificationSendsRepo(db);
    const digests = createMailDigestRepo(db);
    const mail = (options?: RunOptions) => createMailSends({ ...shared, sends, now: clock(options) });

    const queue = mail();
    app.notifications.onEvent((event) => queue.queueMail(event));
    const notificationMail = {
      settings,
      sendDue: (options?: RunOptions) => mail(options).sendMail(),
      sendDigests: (options?: RunOptions) =>
        sendDigests({ ...shared, digests, preferences: app.preferences, now: clock(options) }),
    };
    app.decorate('notificationMail', notificationMail);
    app.notifications.addTask({
      name: 'mail-sends',
      every: () => MAIL_SENDS_EVERY_MS,
      run: async () => void (await notificationMail.sendDue()),
    });
    app.notifications.addTask({
      name: 'mail-digest',
      every: () => DIGEST_EVERY_MS,
      run: async () => void (await notificationMail.sendDigests()),
    });
    await registerEmailSettingsRoutes(app, {
      emailSettings: settings,
      viewers: app.viewers,
      publicUrl: config.publicUrl,
    });
  },
  { name: 'notification-mail', dependencies: ['core', 'providers', 'auth', 'preferences', 'notifications'] },
);
