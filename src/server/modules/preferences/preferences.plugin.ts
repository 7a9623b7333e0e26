import fp from 'fastify-plugin';
import { registerPreferenceRoutes } from './preferences.routes';
import { createPreferencesService, type PreferencesService } from './preferences.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each trader's preferences (auto trading among them), cached and evicted on change. */
    preferences: PreferencesService;
  }
}

export const preferencesPlugin = fp(
  async (app) => {
    const preferences = createPreferencesService({ db: app.db, bus: app.bus });
    app.decorate('preferences', preferences);
    registerPreferenceRoutes(app, { preferences, viewers: app.viewers });
  },
  { name: 'preferences', dependencies: ['core', 'auth'] },
);
