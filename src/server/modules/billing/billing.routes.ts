import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSubscriptionsEndpoint,
  billingPortalEndpoint,
  billingWebhookEndpoint,
  cancelPlanEndpoint,
  checkoutEndpoint,
  planEndpoint,
  resumePlanEndpoint,
} from '../../../contract/billing';
import { rawBodyOf, registerRawBodyRoutes } from '../../http/raw-body';
import type { ViewerResolver } from '../auth/viewer';
import type { BillingService } from './billing.service';

/** A trader's plan and its changes, the provider's webhook, and the admins' list of subscriptions. */
export function registerBillingRoutes(
  root: FastifyInstance,
  deps: { billing: BillingService; viewers: ViewerResolver },
): void {
  const { billing, viewers } = deps;
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(planEndpoint.path, { schema: { response: { 200: planEndpoint.response } } }, async (request) =>
    billing.view((await viewers.requireUser(request)).userId),
  );

  app.post(
    checkoutEndpoint.path,
    { schema: { body: checkoutEndpoint.body, response: { 200: checkoutEndpoint.response } } },
    async (request) => {
      const viewer = await viewers.requireUser(request);
      return billing.checkout({ userId: viewer.userId, email: viewer.email });
    },
  );

  app.post(
    billingPortalEndpoint.path,
    { schema: { body: billingPortalEndpoint.body, response: { 200: billingPortalEndpoint.response } } },
    async (request) => billing.portal((await viewers.requireUser(request)).userId),
  );

  app.post(
    cancelPlanEndpoint.path,
    { schema: { body: cancelPlanEndpoint.body, response: { 200: cancelPlanEndpoint.response } } },
    async (request) => billing.cancel((await viewers.requireUser(request)).userId),
  );

  app.post(
    resumePlanEndpoint.path,
    { schema: { body: resumePlanEndpoint.body, response: { 200: resumePlanEndpoint.response } } },
    async (request) => billing.resume((await viewers.requireUser(request)).userId),
  );

  app.get(
    adminSubscriptionsEndpoint.path,
    { schema: { response: { 200: adminSubscriptionsEndpoint.response } } },
    async (request) => {
      await viewers.requireAdmin(request);
      return { subscriptions: await billing.adminList() };
    },
  );

  registerRawBodyRoutes(root, (scope) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        billingWebhookEndpoint.path,
        { schema: { response: { 200: billingWebhookEndpoint.response } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          return billing.handleWebhook(
            rawBodyOf(request),
            typeof signature === 'string' ? signature : undefined,
          );
        },
      );
  });
}
