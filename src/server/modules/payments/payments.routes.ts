import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { approveWithdrawalEndpoint, rejectWithdrawalEndpoint } from '../../../contract/admin-approvals';
import {
  balanceEndpoint,
  depositEndpoint,
  paymentHistoryEndpoint,
  stripeWebhookEndpoint,
  tipEndpoint,
  withdrawalEndpoint,
} from '../../../contract/payments';
import { forbidden } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { rawBodyOf, registerRawBodyRoutes } from '../../http/raw-body';
import type { ViewerResolver } from '../auth/viewer';
import type { LedgerService } from '../ledger/ledger.service';
import { toCents } from '../../shared/money';
import type { PaymentsService } from './payments.service';

interface PaymentRouteDeps {
  payments: PaymentsService;
  ledger: Pick<LedgerService, 'idempotency'>;
  viewers: ViewerResolver;
  /** Refuse withdrawals from an address not yet verified (mail really leaves: SMTP_URL is set). */
  withdrawalsNeedVerifiedEmail: boolean;
}

export const UNVERIFIED_WITHDRAWAL =
  'Verify your email address before withdrawing: open the link we mailed you, or send a new one from the banner at the top of the page.';

/**
 * The trader's calls, the card provider's webhook, and the admins' approve / reject of a
 * withdrawal. Every money-moving POST runs through `idempotent`.
 */
export function registerPaymentRoutes(root: FastifyInstance, deps: PaymentRouteDeps): void {
  const { payments, ledger, viewers, withdrawalsNeedVerifiedEmail } = deps;
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    balanceEndpoint.path,
    { schema: { response: { 200: balanceEndpoint.response } } },
    async (request) => payments.balance((await viewers.requireUser(request)).userId),
  );
  app.get(
    paymentHistoryEndpoint.path,
    {
      schema: {
        querystring: paymentHistoryEndpoint.query,
        response: { 200: paymentHistoryEndpoint.response },
      },
    },
    async (request) => payments.history((await viewers.requireUser(request)).userId, request.query),
  );
  app.post(
    depositEndpoint.path,
    { schema: { body: depositEndpoint.body, response: { 200: depositEndpoint.response } } },
    async (request, reply) => {
      const { userId } = await viewers.requireUser(request);
      const { amount, paymentMethodId } = request.body;
      return idempotent(request, reply, userId, ledger, (scope) =>
        payments.deposit({ userId, amountCents: toCents(amount), paymentMethodId }, scope),
      );
    },
  );
  app.post(
    withdrawalEndpoint.path,
    { schema: { body: withdrawalEndpoint.body, response: { 200: withdrawalEndpoint.response } } },
    async (request, reply) => {
      const { userId, emailVerified } = await viewers.requireUser(request, { recentSecondFactor: true });
      if (withdrawalsNeedVerifiedEmail && !emailVerified) throw forbidden(UNVERIFIED_WITHDRAWAL);
      return idempotent(request, reply, userId, ledger, (scope) =>
        payments.requestWithdrawal({ userId, amountCents: toCents(request.body.amount) }, scope),
      );
    },
  );
  app.post(
    tipEndpoint.path,
    { schema: { body: tipEndpoint.body, response: { 200: tipEndpoint.response } } },
    async (request, reply) => {
      const { userId } = await viewers.requireUser(request);
      const { amount, auto } = request.body;
      return idempotent(request, reply, userId, ledger, (scope) =>
        payments.tip({ userId, amountCents: toCents(amount), auto }, scope),
      );
    },
  );

  registerRawBodyRoutes(root, (scope) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        stripeWebhookEndpoint.path,
        { schema: { response: { 200: stripeWebhookEndpoint.response } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          return payments.handleCardWebhook(
            rawBodyOf(request),
            typeof signature === 'string' ? signature : undefined,
          );
        },
      );
  });

  app.post(
    approveWithdrawalEndpoint.path,
    {
      schema: {
        params: approveWithdrawalEndpoint.params,
        response: { 200: approveWithdrawalEndpoint.response },
      },
    },
    async (request, reply) => {
      const admin = await viewers.requireAdmin(request, { recentSecondFactor: true });
      return idempotent(request, reply, admin.userId, ledger, (idem) =>
        payments.approveWithdrawal({ adminId: admin.userId, id: request.params.id }, idem),
      );
    },
  );
  app.post(
    rejectWithdrawalEndpoint.path,
    {
      schema: {
        params: rejectWithdrawalEndpoint.params,
        body: rejectWithdrawalEndpoint.body,
        response: { 200: rejectWithdrawalEndpoint.response },
      },
    },
    async (request, reply) => {
      const admin = await viewers.requireAdmin(request);
      return idempotent(request, reply, admin.userId, ledger, (idem) =>
        payments.rejectWithdrawal(
          { adminId: admin.userId, id: request.params.id, reason: request.body.reason },
          idem,
        ),
      );
    },
  );
}
