import {
  DonationRequestSchema,
  DonationResponseSchema,
  messages as commerceMessages,
} from '@site/commerce-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { providersForSite, type PaymentProvider } from '../commerce/payments';
import type { Database } from '../db/client';
import { ApiError, handle, parsePayload } from '../http';
import type { RouteDocs } from '../http/openapi';
import { requireCrumb } from '../security/crumb';
import { loadWebsite } from '../site/site-data';
import { confirmedUrl } from './donate-pages';
import { findDonation, placeDonation } from './donation-store';

export const DONATIONS_API = '/api/commerce/donations';

export interface DonationRouteOptions {
  db: Database;
  paymentProviders: ReadonlyMap<string, PaymentProvider>;
  /** The one provider the site's checkout pays through; donations pay through it too. */
  paymentProviderOf: (websiteId: string) => Promise<string>;
  /** Asks the processor how a pending donation's payment went and settles it (app.ts, as for orders). */
  settleDonation: (
    websiteId: string,
    donation: { id: string; paymentProvider: string; paymentReference: string },
    origin: string,
  ) => Promise<void>;
}

const ReturnParams = z.object({ donationId: z.string().min(1).max(100) });
const ReturnQuery = z.object({ token: z.string().min(1).max(100) });

/** A visitor's donation, sent by the donate page's form (the owner's list is in store-admin). */
export function registerDonationRoutes(
  app: FastifyInstance,
  { db, paymentProviders, paymentProviderOf, settleDonation }: DonationRouteOptions,
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
      // Paid in the browser: the processor sends the donor back through the return call below.
      if (placed.payment)
        return {
          donationId: placed.id,
          redirectUrl: returnUrl(placed.id, placed.accessToken),
          payment: placed.payment,
        };
      return { donationId: placed.id, redirectUrl: confirmedUrl(placed.id, placed.accessToken) };
    }),
  );

  // The processor's return address once the donor paid (or passed 3-D Secure): the donation is
  // settled from what the processor says, never from the address, then 204 shows how it went.
  app.get(
    `${DONATIONS_API}/:donationId/return`,
    handle(async (request, reply) => {
      const { donationId } = parsePayload(ReturnParams, request.params);
      const { token } = parsePayload(ReturnQuery, request.query);
      const websiteId = request.site.websiteId;
      const found = await findDonation(db, websiteId, donationId, token);
      if (!found) throw new ApiError(404, 'DONATION_NOT_FOUND', commerceMessages.donationNotFound);
      if (found.status === 'pending')
        await settleDonation(websiteId, found, `${request.protocol}://${request.host}`);
      return reply.redirect(confirmedUrl(donationId, token), 303);
    }),
  );
}

const returnUrl = (id: string, token: string) =>
  `${DONATIONS_API}/${encodeURIComponent(id)}/return?token=${encodeURIComponent(token)}`;

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
  [`GET ${DONATIONS_API}/:donationId/return`]: {
    summary:
      "Where the processor sends the donor back: settles a pending donation from the processor's word, then redirects to 204",
    tags,
  },
};
