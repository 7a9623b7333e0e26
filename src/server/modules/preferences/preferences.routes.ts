import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getPreferencesEndpoint, updatePreferencesEndpoint } from '../../../contract/preferences';
import type { ViewerResolver } from '../auth/viewer';
import type { PreferencesService } from './preferences.service';

/** Trader routes: no id in the path; the caller reads and replaces only their own preferences. */
export function registerPreferenceRoutes(
  app: FastifyInstance,
  deps: { preferences: PreferencesService; viewers: ViewerResolver },
): void {
  const { preferences, viewers } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    getPreferencesEndpoint.path,
    { schema: { response: { 200: getPreferencesEndpoint.response } } },
    async (request) => preferences.get((await viewers.requireUser(request)).userId),
  );
  typed.put(
    updatePreferencesEndpoint.path,
    {
      schema: {
        body: updatePreferencesEndpoint.body,
        response: { 200: updatePreferencesEndpoint.response },
      },
    },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      return preferences.update(viewer.userId, request.body);
    },
  );
}
