import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminTradingHaltEndpoint,
  haltTradingEndpoint,
  resumeTradingEndpoint,
  tradingHaltEndpoint,
  type AdminTradingHalt,
} from '../../../contract/trading-halt';
import type { UsersService } from '../auth/users.service';
import type { ViewerResolver } from '../auth/viewer';
import type { SettingsService } from './settings.service';
import { publicHaltOf, type TradingHaltState } from './trading-halt';

/** The kill switch: every signed-in user reads it; admins (route-auth.ts) halt and resume. */
export function registerTradingHaltRoutes(
  scope: FastifyInstance,
  deps: {
    settings: SettingsService;
    viewers: ViewerResolver;
    users: Pick<UsersService, 'contactsOf'>;
  },
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  /** The admins' view names the halting admin, who may since have left (then null). */
  async function adminView(halt: TradingHaltState): Promise<AdminTradingHalt> {
    const { haltedById, ...shown } = halt;
    const contact = haltedById ? (await deps.users.contactsOf([haltedById])).get(haltedById) : undefined;
    const haltedBy = contact
      ? { id: haltedById!, name: contact.username ?? contact.name, email: contact.email }
      : null;
    return { ...shown, haltedBy };
  }

  app.get(
    tradingHaltEndpoint.path,
    { schema: { response: { 200: tradingHaltEndpoint.response } } },
    async () => publicHaltOf(await deps.settings.tradingHalt()),
  );
  app.get(
    adminTradingHaltEndpoint.path,
    { schema: { response: { 200: adminTradingHaltEndpoint.response } } },
    async () => adminView(await deps.settings.tradingHalt()),
  );
  app.post(
    haltTradingEndpoint.path,
    { schema: { body: haltTradingEndpoint.body, response: { 200: haltTradingEndpoint.response } } },
    async (request) => {
      const admin = await deps.viewers.requireAdmin(request);
      return adminView(await deps.settings.haltTrading(request.body.reason, admin.userId));
    },
  );
  app.post(
    resumeTradingEndpoint.path,
    { schema: { body: resumeTradingEndpoint.body, response: { 200: resumeTradingEndpoint.response } } },
    async (request) => {
      const admin = await deps.viewers.requireAdmin(request);
      return adminView(await deps.settings.resumeTrading(admin.userId));
    },
  );
}
