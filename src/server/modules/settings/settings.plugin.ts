import fp from 'fastify-plugin';
import { registerSettingsRoutes } from './settings.routes';
import { createSettingsService, type SettingsService } from './settings.service';
import { registerTradingHaltRoutes } from './trading-halt.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator's global settings (guardrails, auto-analysis), cached and evicted on change. */
    settings: SettingsService;
  }
}

/** Before auth: which organisation is the operator's is a setting, and every admin check reads it. */
export const settingsPlugin = fp(
  async (app) => {
    app.decorate('settings', createSettingsService({ db: app.db, logs: app.logs, bus: app.bus }));
  },
  { name: 'settings', dependencies: ['core', 'logs'] },
);

/** The admins' calls and the kill switch's, once auth can tell who is calling. */
export const settingsRoutesPlugin = fp(
  async (app) => {
    registerSettingsRoutes(app, { settings: app.settings, viewers: app.viewers });
    registerTradingHaltRoutes(app, { settings: app.settings, viewers: app.viewers, users: app.users });
  },
  { name: 'settings-routes', dependencies: ['settings', 'auth'] },
);
