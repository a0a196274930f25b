import { paymentMessages, PaymentSettingsSaveSchema } from '@site/commerce-core/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteDocs } from '../http/openapi';
import { ApiError, createRoleGuard, handle, MAX_BODY_BYTES, parse, registerApiErrors } from '../http';
import type { JobQueue } from '../jobs';
import type { WebhookDispatcher } from '../webhooks/dispatcher';
import { applyStripeEvent } from './confirm-payment';
import {
  checkoutPayment,
  paymentSettingsView,
  removePaymentSettings,
  savePaymentSettings,
  STRIPE_WEBHOOK_PATH,
  type PaymentsContext,
} from './payment-settings';
import { PaymentsNotConfigured, type StripePaymentProvider } from './stripe-provider';

export interface PaymentRouteOptions {
  payments: PaymentsContext;
  stripe: StripePaymentProvider;
  webhooks?: WebhookDispatcher;
  jobs?: JobQueue;
}

const EDITOR_PAYMENTS = '/api/editor/payments';
/** Stripe's events are a few kilobytes; a dispute with evidence stays far below this. */
const WEBHOOK_BODY_BYTES = 512 * 1024;

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function registerPaymentRoutes(app: FastifyInstance, options: PaymentRouteOptions): void {
  const { payments, stripe } = options;

  // What the checkout pays through: the built-in test provider unless the site has Stripe keys.
  app.get(
    '/api/commerce/payment-config',
    handle(async (request) => checkoutPayment(payments, request.site.websiteId)),
  );

  // Stripe signs the exact bytes it sent, so this route keeps the body raw.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      STRIPE_WEBHOOK_PATH,
      { bodyLimit: WEBHOOK_BODY_BYTES },
      handle(async (request) => {
        const websiteId = request.site.websiteId;
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
          throw new ApiError(400, 'SIGNATURE_INVALID', paymentMessages.signatureInvalid);
        const event = await stripe.verifyEvent(websiteId, request.body, signature).catch((err: unknown) => {
          if (err instanceof PaymentsNotConfigured)
            throw new ApiError(404, 'PAYMENTS_NOT_CONFIGURED', paymentMessages.notConfigured);
          throw new ApiError(400, 'SIGNATURE_INVALID', paymentMessages.signatureInvalid);
        });
        const outcome = await applyStripeEvent(
          { db: payments.db, origin: origin(request), webhooks: options.webhooks, jobs: options.jobs },
          websiteId,
          event,
        );
        return { received: true, outcome };
      }),
    );
  });

  // The owner's keys: owners and admins only; the secrets never come back, only their last four.
  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db: payments.db });
    const manage = { preHandler: guard.settings, bodyLimit: MAX_BODY_BYTES };
    const fromEnvironment = async (request: FastifyRequest) => {
      const view = await paymentSettingsView(payments, request.site.websiteId, origin(request));
      if (view.source === 'environment')
        throw new ApiError(409, 'PAYMENTS_FROM_ENVIRONMENT', paymentMessages.environmentConfigured);
    };
    // Read with the session alone (no XSRF header on a GET), yet only by those who manage money.
    const owners = { preHandler: guard.with('change-settings', false) };
    scope.get(
      EDITOR_PAYMENTS,
      owners,
      handle(async (request) => paymentSettingsView(payments, request.site.websiteId, origin(request))),
    );
    scope.put(
      EDITOR_PAYMENTS,
      manage,
      handle(async (request) => {
        const input = parse(PaymentSettingsSaveSchema, request.body);
        await fromEnvironment(request);
        await savePaymentSettings(payments, request.site.websiteId, input);
        return paymentSettingsView(payments, request.site.websiteId, origin(request));
      }),
    );
    scope.delete(
      EDITOR_PAYMENTS,
      manage,
      handle(async (request) => {
        await removePaymentSettings(payments, request.site.websiteId);
        return paymentSettingsView(payments, request.site.websiteId, origin(request));
      }),
    );
  });
}

const tags = ['payments'];
const CheckoutPaymentSchema = z.union([
  z.object({ provider: z.literal('test') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);

/** API documentation of the payment calls (src/docs/openapi.ts). */
export const paymentRouteDocs: RouteDocs = {
  'GET /api/commerce/payment-config': {
    summary: "Which provider the site's checkout pays through, and its publishable key",
    tags,
    response: CheckoutPaymentSchema,
  },
  [`POST ${STRIPE_WEBHOOK_PATH}`]: {
    summary:
      "Stripe's events for this site, verified by the Stripe-Signature header; a redelivery changes nothing",
    tags,
  },
  [`GET ${EDITOR_PAYMENTS}`]: {
    summary: "The site's payment processor (secrets as their last four characters)",
    tags,
    guard: 'owner',
  },
  [`PUT ${EDITOR_PAYMENTS}`]: {
    summary: "Saves the site's Stripe keys (sealed at rest); empty secrets keep the stored ones",
    tags,
    guard: 'owner',
    body: PaymentSettingsSaveSchema,
  },
  [`DELETE ${EDITOR_PAYMENTS}`]: {
    summary: 'Disconnects Stripe: the checkout goes back to test mode',
    tags,
    guard: 'owner',
  },
};
