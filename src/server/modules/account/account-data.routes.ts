import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { accountExportEndpoint, deleteAccountEndpoint } from '../../../contract/account-data';
import { badRequest } from '../../http/errors';
import type { Auth } from '../auth/auth';
import type { ViewerResolver } from '../auth/viewer';
import { deleteAccount } from './account-deletion';
import { accountExport } from './queries/account-export.query';

/** 'Your Data' on Settings: everything about the caller as JSON, and deleting an empty account. */
export function registerAccountDataRoutes(
  scope: FastifyInstance,
  deps: Parameters<typeof deleteAccount>[0] & { auth: Auth; viewers: ViewerResolver },
): void {
  const { auth, viewers } = deps;
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    accountExportEndpoint.path,
    { schema: { response: { 200: accountExportEndpoint.response } } },
    async (request, reply) => {
      const viewer = await viewers.requireUser(request);
      const exportedAt = new Date().toISOString();
      const name = `heatsignal-data-${exportedAt.slice(0, 10)}.json`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return { exportedAt, ...(await accountExport(deps.db, viewer.userId)) };
    },
  );

  app.post(
    deleteAccountEndpoint.path,
    { schema: { body: deleteAccountEndpoint.body, response: { 200: deleteAccountEndpoint.response } } },
    async (request) => {
      // With two-factor on, as for money leaving: a code from the last 10 minutes.
      const viewer = await viewers.requireUser(request, { recentSecondFactor: true });
      try {
        await auth.api.verifyPassword({
          headers: fromNodeHeaders(request.headers),
          body: { password: request.body.password },
        });
      } catch (error) {
        if (error instanceof APIError) throw badRequest('Invalid password');
        throw error;
      }
      await deleteAccount(deps, viewer.userId);
      viewers.announce({ userIds: [viewer.userId] });
      return { deleted: true as const };
    },
  );
}
