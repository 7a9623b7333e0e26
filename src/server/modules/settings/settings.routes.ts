import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_TWO_FACTOR_OWN_FIRST,
  getGlobalSettingsEndpoint,
  updateGlobalSettingsEndpoint,
} from '../../../contract/admin-settings';
import { badRequest } from '../../http/errors';
import type { ViewerResolver } from '../auth/viewer';
import type { SettingsService } from './settings.service';

/** Admin-only (every /api/admin path is: http/route-auth.ts). */
export function registerSettingsRoutes(
  scope: FastifyInstance,
  deps: { settings: SettingsService; viewers: ViewerResolver },
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    getGlobalSettingsEndpoint.path,
    { schema: { response: { 200: getGlobalSettingsEndpoint.response } } },
    () => deps.settings.get(),
  );
  app.patch(
    updateGlobalSettingsEndpoint.path,
    {
      schema: {
        body: updateGlobalSettingsEndpoint.body,
        response: { 200: updateGlobalSettingsEndpoint.response },
      },
    },
    async (request) => {
      const admin = await deps.viewers.requireAdmin(request);
      if (request.body.requireAdminTwoFactor && !admin.twoFactorEnabled)
        throw badRequest(ADMIN_TWO_FACTOR_OWN_FIRST);
      return deps.settings.update(request.body, admin.userId);
    },
  );
}
