import {
  DonationRequestSchema,
  DonationResponseSchema,
  messages as commerceMessages,
} from '@site/commerce-core';
import type { FastifyInstance } from 'fastify';
import { providersForSite, type PaymentProvider } from '../commerce/payments';
import type { Database } from '../db/client';
import { ApiError, handle } from '../http';
import type { RouteDocs } from '../http/openapi';
import { requireCrumb } from '../security/crumb';
import { loadWebsite } from '../site/site-data';
import { confirmedUrl } from './donate-pages';
import { placeDonation } from './donation-store';

export const DONATIONS_API = '/api/commerce/donations';

export interface DonationRouteOptions {
  db: Database;
  paymentProviders: ReadonlyMap<string, PaymentProvider>;
  /** The one provider the site's checkout pays through; donations pay through it too. */
  paymentProviderOf: (websiteId: string) => Promise<string>;
}

/** A visitor's donation, sent by the donate page's form (the owner's list is in store-admin). */
export function registerDonationRoutes(
  app: FastifyInstance,
  { db, paymentProviders, paymentProviderOf }: DonationRouteOptions,
): void {
  app.post(
    DONATIONS_API,
    { preHandler: requireCrumb },
    handle(async (request) => {
      const parsed = DonationRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        // Each field's first message, so the form can show it beside the field.
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues)
          fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
        throw new ApiError(400, 'INVALID_DONATION', parsed.error.issues[0]!.message, { fieldErrors });
      }
      const body = parsed.data;
      const website = await loadWebsite(db, request.site.websiteId);
      if (!website) throw new ApiError(503, 'SITE_MISSING', 'This site has not been set up yet');
      const providerId = await paymentProviderOf(website.id);
      if (body.payment.provider !== providerId)
        throw new ApiError(400, 'INVALID_DONATION', commerceMessages.paymentMethodUnavailable, {
          fieldErrors: { payment: commerceMessages.paymentMethodUnavailable },
        });
      const provider = (await providersForSite(paymentProviders, website.id)).get(providerId);
      if (!provider) throw new ApiError(503, 'PAYMENTS_UNAVAILABLE', commerceMessages.paymentsUnavailable);
      const placed = await placeDonation(db, website, body, provider);
      return { donationId: placed.id, redirectUrl: confirmedUrl(placed.id, placed.accessToken) };
    }),
  );
}

const tags = ['donations'];

/** API documentation of donations (src/http/openapi.ts). */
export const donationRouteDocs: RouteDocs = {
  [`POST ${DONATIONS_API}`]: {
    summary:
      "Charges a visitor's donation through a donation block and records it (no tax, shipping or stock)",
    tags,
    guard: 'crumb',
    body: DonationRequestSchema,
    response: DonationResponseSchema,
  },
};
