import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { handle, parsePayload } from '../http';
import type { PaymentProvider } from '../commerce/payments';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import type { JobQueue } from '../jobs';
import { requireCrumb } from '../security/crumb';
import {
  addAddress,
  AddressSchema,
  cancelSubscription,
  deleteAddress,
  loadAccount,
  removeRestockSignUp,
  resumeMemberSubscription,
  updateAddress,
} from './account-data';
import {
  changePassword,
  registerMember,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  setMemberLocale,
  verifyEmail,
} from './accounts';
import { loginGuardKey, type LoginGuard } from '../security/login-guard';
import { memberMessages } from '../security/member-messages';
import type { RequireMember } from '../security/sessions';
import { signedInMember } from '../security/sessions';

const ACCOUNT = '/api/site-users/account';

// Caps keep a huge payload from buying scrypt time or bloating a row.
const Email = z.string().max(320);
const Password = z.string().max(1024);
// Tokens are 43 base64url characters; anything else is not one of ours.
const Token = z.string().regex(/^[\w-]{43}$/, memberMessages.tokenInvalid);
// BCP 47 as browsers send it: language, then optional script, region or variant subtags.
const Language = z
  .string()
  .max(35)
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$/, memberMessages.languageInvalid);

const CreateSchema = z.strictObject({
  email: Email,
  password: Password,
  consent: z.literal(true, { error: memberMessages.consentRequired }),
  language: Language.optional(),
});
const TokenSchema = z.strictObject({ token: Token });
const ForgotSchema = z.strictObject({ email: Email });
const ResetSchema = z.strictObject({ token: Token, password: Password });
const ChangePasswordSchema = z.strictObject({ currentPassword: Password, newPassword: Password });
const LocaleSchema = z.strictObject({ language: Language });
const IdParams = z.object({ id: z.string().min(1).max(64) });
const RestockRefQuery = z.object({
  productId: z.string().min(1).max(128),
  variantId: z.string().min(1).max(128),
});

const CheckEmailResponse = z.object({ checkEmail: z.literal(true), message: z.string() });

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export interface AccountRouteOptions {
  db: Database;
  guard: LoginGuard;
  requireMember: RequireMember;
  /** Charge a resumed subscription; its next renewal goes on `jobs` when there is a queue. */
  paymentProviders: ReadonlyMap<string, PaymentProvider>;
  jobs?: JobQueue;
}

/** Account creation, verification, password recovery and the signed-in member's own data. */
export function registerAccountRoutes(
  app: FastifyInstance,
  { db, guard, requireMember, paymentProviders, jobs }: AccountRouteOptions,
): void {
  const member = requireMember();
  const checkEmail = { checkEmail: true as const, message: memberMessages.checkEmail };

  app.post(
    ACCOUNT,
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      const body = parsePayload(CreateSchema, request.body);
      await registerMember(db, request.site.websiteId, body, origin(request));
      return reply.status(202).send(checkEmail);
    }),
  );

  app.post(
    `${ACCOUNT}/verify`,
    { preHandler: requireCrumb },
    handle(async (request) => {
      await verifyEmail(db, request.site.websiteId, parsePayload(TokenSchema, request.body).token);
      return { verified: true };
    }),
  );

  app.post(
    `${ACCOUNT}/verification`,
    { preHandler: member },
    handle(async (request, reply) => {
      await resendVerification(db, request.site.websiteId, signedInMember(request), origin(request));
      return reply.status(202).send(checkEmail);
    }),
  );

  app.post(
    `${ACCOUNT}/password/forgot`,
    { preHandler: requireCrumb },
    handle(async (request, reply) => {
      await requestPasswordReset(
        db,
        request.site.websiteId,
        parsePayload(ForgotSchema, request.body).email,
        origin(request),
      );
      return reply.status(202).send(checkEmail);
    }),
  );

  app.post(
    `${ACCOUNT}/password/reset`,
    { preHandler: requireCrumb },
    handle(async (request) => {
      const body = parsePayload(ResetSchema, request.body);
      await resetPassword(db, request.site.websiteId, body.token, body.password);
      return { passwordReset: true };
    }),
  );

  app.post(
    `${ACCOUNT}/password`,
    { preHandler: member },
    handle(async (request) => {
      const body = parsePayload(ChangePasswordSchema, request.body);
      const me = signedInMember(request);
      const key = loginGuardKey(me.email, request.ip);
      await changePassword(db, me, body, {
        failed: () => guard.failed(key),
        succeeded: () => guard.succeeded(key),
      });
      return { passwordChanged: true };
    }),
  );

  app.post(
    `${ACCOUNT}/locale`,
    { preHandler: member },
    handle(async (request) => {
      const { language } = parsePayload(LocaleSchema, request.body);
      await setMemberLocale(db, signedInMember(request).id, language);
      return { language };
    }),
  );

  app.get(
    ACCOUNT,
    { preHandler: member },
    handle(async (request) => loadAccount(db, request.site.websiteId, signedInMember(request).id)),
  );

  app.post(
    `${ACCOUNT}/subscriptions/:id/cancel`,
    { preHandler: member },
    handle(async (request) =>
      cancelSubscription(
        db,
        request.site.websiteId,
        signedInMember(request),
        parsePayload(IdParams, request.params).id,
      ),
    ),
  );

  app.post(
    `${ACCOUNT}/subscriptions/:id/resume`,
    { preHandler: member },
    handle(async (request) =>
      resumeMemberSubscription(
        db,
        { providers: paymentProviders, jobs },
        request.site.websiteId,
        signedInMember(request),
        parsePayload(IdParams, request.params).id,
      ),
    ),
  );

  app.post(
    `${ACCOUNT}/addresses`,
    { preHandler: member },
    handle(async (request, reply) =>
      reply
        .status(201)
        .send(await addAddress(db, signedInMember(request).id, parsePayload(AddressSchema, request.body))),
    ),
  );

  app.put(
    `${ACCOUNT}/addresses/:id`,
    { preHandler: member },
    handle(async (request) =>
      updateAddress(
        db,
        signedInMember(request).id,
        parsePayload(IdParams, request.params).id,
        parsePayload(AddressSchema, request.body),
      ),
    ),
  );

  app.delete(
    `${ACCOUNT}/addresses/:id`,
    { preHandler: member },
    handle(async (request) => {
      await deleteAddress(db, signedInMember(request).id, parsePayload(IdParams, request.params).id);
      return { deleted: true };
    }),
  );

  app.delete(
    `${ACCOUNT}/notifications/restock`,
    { preHandler: member },
    handle(async (request) => {
      await removeRestockSignUp(
        db,
        request.site.websiteId,
        signedInMember(request).email,
        parsePayload(RestockRefQuery, request.query),
      );
      return { deleted: true };
    }),
  );
}

const tags = ['site-users'];

/** API documentation of the account calls (src/http/openapi.ts). */
export const accountRouteDocs: RouteDocs = {
  [`POST ${ACCOUNT}`]: {
    summary: 'Creates a customer account and emails its verification link (same answer for a known email)',
    tags,
    guard: 'crumb',
    body: CreateSchema,
    response: CheckEmailResponse,
  },
  [`POST ${ACCOUNT}/verify`]: {
    summary: 'Verifies the email with the single-use token from the link',
    tags,
    guard: 'crumb',
    body: TokenSchema,
    response: z.object({ verified: z.literal(true) }),
  },
  [`POST ${ACCOUNT}/verification`]: {
    summary: 'Emails the verification link again (at most once a minute)',
    tags,
    guard: 'member',
    response: CheckEmailResponse,
  },
  [`POST ${ACCOUNT}/password/forgot`]: {
    summary: 'Emails a password-reset link when the email has an account; always the same answer',
    tags,
    guard: 'crumb',
    body: ForgotSchema,
    response: CheckEmailResponse,
  },
  [`POST ${ACCOUNT}/password/reset`]: {
    summary: 'Sets a new password with the single-use reset token; ends every session',
    tags,
    guard: 'crumb',
    body: ResetSchema,
    response: z.object({ passwordReset: z.literal(true) }),
  },
  [`POST ${ACCOUNT}/password`]: {
    summary: 'Changes the password (current one required); ends the other sessions',
    tags,
    guard: 'member',
    body: ChangePasswordSchema,
    response: z.object({ passwordChanged: z.literal(true) }),
  },
  [`POST ${ACCOUNT}/locale`]: {
    summary: "Stores the member's language",
    tags,
    guard: 'member',
    body: LocaleSchema,
    response: LocaleSchema,
  },
  [`GET ${ACCOUNT}`]: {
    summary: "The member's account: orders, subscriptions, restock sign-ups, addresses",
    tags,
    guard: 'member',
  },
  [`POST ${ACCOUNT}/subscriptions/:id/cancel`]: {
    summary: "Cancels one of the member's subscriptions",
    tags,
    guard: 'member',
    params: IdParams,
  },
  [`POST ${ACCOUNT}/subscriptions/:id/resume`]: {
    summary:
      "Resumes one of the member's subscriptions paused after declined renewals: charges the missed cycle now (402 with the reason when declined; it stays paused) and schedules the next renewal",
    tags,
    guard: 'member',
    params: IdParams,
    response: z.object({ resumed: z.literal(true), nextBillingOn: z.string().nullable() }),
  },
  [`POST ${ACCOUNT}/addresses`]: {
    summary: 'Saves an address (20 at most)',
    tags,
    guard: 'member',
    body: AddressSchema,
  },
  [`PUT ${ACCOUNT}/addresses/:id`]: {
    summary: 'Replaces a saved address',
    tags,
    guard: 'member',
    params: IdParams,
    body: AddressSchema,
  },
  [`DELETE ${ACCOUNT}/addresses/:id`]: {
    summary: 'Removes a saved address',
    tags,
    guard: 'member',
    params: IdParams,
  },
  [`DELETE ${ACCOUNT}/notifications/restock`]: {
    summary: "Removes one of the member's restock sign-ups",
    tags,
    guard: 'member',
    query: RestockRefQuery,
  },
};
