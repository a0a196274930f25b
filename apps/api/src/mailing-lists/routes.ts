import { isValidEmail, messages as formMessages } from '@site/forms';
import {
  MAILING_API,
  mailingListInputSchema,
  mailingMessages,
  newsletterSignUpSchema,
  popupSignUpSchema,
  subscriberQuerySchema,
  type PageDocument,
} from '@site/page-content';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { formSubmissionKeys, pages, type SubscriberSource } from '../db/schema';
import type { RouteDocs } from '../http/openapi';
import { createRoleGuard, handle, parse, registerApiErrors } from '../http';
import { CAPTCHA_ACTIONS, type CaptchaAction } from '@site/forms';
import { siteCaptchaVerdict, type CaptchaVerifier } from '../security/captcha';
import { createRateLimiter, type RateLimitOptions } from '../security/rate-limiter';
import { DEFAULT_SUBMISSION_LIMIT, FORM_BODY_LIMIT, FORM_KEY_TTL_MS } from '../security/form-keys';
import { popupOverlaySettings } from '../site/popup-overlay';
import { loadWebsite } from '../site/site-data';
import { requireCrumb } from '../security/crumb';
import type { WebhookDispatcher } from '../webhooks/dispatcher';
import { registerWebhookRoutes, webhookRouteDocs } from '../webhooks/routes';
import type { UrlPolicy } from '../webhooks/url-policy';
import {
  createMailingList,
  deleteMailingList,
  listMailingLists,
  listSubscribers,
  renameMailingList,
  subscribersCsv,
} from './list-store';
import {
  confirmSubscription,
  CONFIRM_PATH,
  defaultListId,
  subscribe,
  UNSUBSCRIBE_PATH,
  unsubscribe,
} from './subscriptions';
import type { SubscriberEvent } from '../site/hooks';

export interface MailingListRouteOptions {
  db: Database;
  webhooks: WebhookDispatcher;
  policy: UrlPolicy;
  signUpLimit?: Omit<RateLimitOptions, 'now'>;
  /** Checks the block's bot-check token when the site has its captcha on. */
  captchaVerifier: CaptchaVerifier;
}

const ListParams = z.object({ id: z.string().min(1).max(200) });
const TokenQuery = z.object({ token: z.string().max(200).default('') });
/** The link's token; a mangled link (a repeated or huge token) is one nobody was sent. */
const tokenOf = (query: unknown): string | undefined => {
  const parsed = TokenQuery.safeParse(query);
  return parsed.success ? parsed.data.token : undefined;
};

export const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The newsletter block as published: the visitor names a block, never a list. */
async function publishedNewsletterBlock(db: Database, websiteId: string, pageId: string, blockId: string) {
  const [page] = await db
    .select({ document: pages.publishedDocument, enabled: pages.enabled })
    .from(pages)
    .where(and(eq(pages.id, pageId), eq(pages.websiteId, websiteId)));
  const document: PageDocument | null | undefined = page?.enabled ? page.document : undefined;
  const block = document?.sections
    .flatMap((s) => s.blocks)
    .find((b) => b.id === blockId && b.type === 'newsletter');
  const settings = block?.settings as { listId?: unknown; doubleOptIn?: unknown } | undefined;
  if (typeof settings?.listId !== 'string' || settings.listId === '') return undefined;
  return { listId: settings.listId, doubleOptIn: settings.doubleOptIn !== false };
}

export function registerMailingListRoutes(app: FastifyInstance, options: MailingListRouteOptions): void {
  const { db, webhooks } = options;
  const signUps = createRateLimiter(options.signUpLimit ?? DEFAULT_SUBMISSION_LIMIT);
  const added = (request: FastifyRequest, event: SubscriberEvent | undefined) =>
    event ? webhooks.emit(request.site.websiteId, 'subscriber.added', { ...event }) : Promise.resolve();

  /**
   * One visitor sign-up, from a newsletter block or the pop-up: rate limit, honeypot, email, the
   * site's captcha for `action`, then the one-time form key and the consent in one transaction.
   * Answers in the shape the storefront's form flow reads (`{ errors }` or `{ error }`).
   */
  const signUp =
    <
      T extends z.ZodType<{
        email: string;
        key: string;
        website?: string | undefined;
        captchaKey?: string | undefined;
      }>,
    >(
      schema: T,
      action: CaptchaAction,
      source: SubscriberSource,
      target: (
        request: FastifyRequest,
        body: z.infer<T>,
      ) => Promise<{ listId: string; doubleOptIn: boolean; formId: string } | undefined>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const limited = signUps.hit(request.ip);
      if (!limited.allowed)
        return reply
          .status(429)
          .header('retry-after', String(limited.retryAfterSeconds))
          .send({ error: formMessages.submitRateLimited });
      const body = schema.safeParse(request.body);
      if (!body.success) return reply.status(400).send({ error: formMessages.submitFieldsUnparseable });
      const { email, key, website, captchaKey } = body.data;
      if (website) return { success: true };
      if (!isValidEmail(email.trim()))
        return reply.status(400).send({ errors: { email: formMessages.emailInvalid } });
      const list = await target(request, body.data);
      if (!list) return reply.status(404).send({ error: mailingMessages.newsletterNotConnected });
      const site = await loadWebsite(db, request.site.websiteId);
      const captcha = await siteCaptchaVerdict(
        options.captchaVerifier,
        site?.settings,
        { token: captchaKey, action, websiteId: request.site.websiteId, formId: list.formId, ip: request.ip },
        request.log,
      );
      if (captcha === 'unavailable') return reply.status(503).send({ error: formMessages.submitServerError });
      if (captcha !== 'pass') return reply.status(400).send({ error: formMessages.captchaIncomplete });
      const at = new Date();
      const result = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(formSubmissionKeys)
          .set({ usedAt: at })
          .where(
            and(
              eq(formSubmissionKeys.key, key),
              eq(formSubmissionKeys.websiteId, request.site.websiteId),
              isNull(formSubmissionKeys.usedAt),
              gt(formSubmissionKeys.createdAt, new Date(at.getTime() - FORM_KEY_TTL_MS)),
            ),
          )
          .returning({ key: formSubmissionKeys.key });
        if (claimed.length === 0) return undefined;
        return subscribe(tx, request.site.websiteId, {
          listId: list.listId,
          email,
          source,
          doubleOptIn: list.doubleOptIn,
          origin: origin(request),
        });
      });
      if (!result) return reply.status(400).send({ error: formMessages.submitKeyUnavailable });
      // After the commit, and not awaited by the visitor beyond queueing: a slow receiver is the queue's problem.
      await added(request, result.added);
      return { success: true };
    };

  app.post(
    MAILING_API.subscribe,
    { preHandler: requireCrumb, bodyLimit: FORM_BODY_LIMIT },
    signUp(
      newsletterSignUpSchema,
      CAPTCHA_ACTIONS.newsletter,
      'newsletter-block',
      async (request, { pageId, blockId }) => {
        const block = await publishedNewsletterBlock(db, request.site.websiteId, pageId, blockId);
        return block && { ...block, formId: blockId };
      },
    ),
  );

  // The pop-up names no list: the owner's pop-up settings do (the default list when they do not).
  app.post(
    MAILING_API.popupSubscribe,
    { preHandler: requireCrumb, bodyLimit: FORM_BODY_LIMIT },
    signUp(popupSignUpSchema, CAPTCHA_ACTIONS.promoPopup, 'popup', async (request) => {
      const site = await loadWebsite(db, request.site.websiteId);
      const newsletter = popupOverlaySettings(site?.settings)?.newsletter;
      if (!newsletter) return undefined;
      const listId = newsletter.listId ?? (await defaultListId(db, request.site.websiteId));
      return listId ? { listId, doubleOptIn: newsletter.doubleOptIn, formId: 'popup-overlay' } : undefined;
    }),
  );

  app.get(CONFIRM_PATH, async (request, reply) => {
    const token = tokenOf(request.query);
    if (token === undefined) return reply.redirect(`${UNSUBSCRIBE_PATH}?invalid=confirm`, 303);
    const result = await confirmSubscription(db, request.site.websiteId, token);
    if (result.kind === 'invalid') return reply.redirect(`${UNSUBSCRIBE_PATH}?invalid=confirm`, 303);
    await added(request, result.added);
    return reply.redirect(
      `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(result.unsubscribeToken)}&confirmed=1`,
      303,
    );
  });

  // The page's button, and a mail client's one-click unsubscribe (RFC 8058), post here.
  app.post(UNSUBSCRIBE_PATH, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply: FastifyReply) => {
    const token = tokenOf(request.query);
    if (token === undefined) {
      return reply
        .status(400)
        .send({ error: { code: 'INVALID_TOKEN', message: 'This unsubscribe link is not valid.' } });
    }
    await unsubscribe(db, request.site.websiteId, token);
    return reply.redirect(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, 303);
  });

  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.write };
    const listId = (request: FastifyRequest) => parse(ListParams, request.params).id;

    scope.get(
      MAILING_API.lists,
      read,
      handle(async (request) => ({ lists: await listMailingLists(db, request.site.websiteId) })),
    );
    scope.post(
      MAILING_API.lists,
      write,
      handle(async (request, reply) =>
        reply
          .status(201)
          .send(
            await createMailingList(
              db,
              request.site.websiteId,
              parse(mailingListInputSchema, request.body).name,
            ),
          ),
      ),
    );
    scope.patch(
      `${MAILING_API.lists}/:id`,
      write,
      handle(async (request) =>
        renameMailingList(
          db,
          request.site.websiteId,
          listId(request),
          parse(mailingListInputSchema, request.body).name,
        ),
      ),
    );
    scope.delete(
      `${MAILING_API.lists}/:id`,
      write,
      handle(async (request, reply) => {
        await deleteMailingList(db, request.site.websiteId, listId(request));
        return reply.status(204).send();
      }),
    );
    scope.get(
      `${MAILING_API.lists}/:id/subscribers`,
      read,
      handle(async (request) =>
        listSubscribers(
          db,
          request.site.websiteId,
          listId(request),
          parse(subscriberQuerySchema, request.query),
        ),
      ),
    );
    scope.get(
      `${MAILING_API.lists}/:id/subscribers.csv`,
      read,
      handle(async (request, reply) => {
        const csv = await subscribersCsv(db, request.site.websiteId, listId(request));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="subscribers.csv"')
          .send(csv);
      }),
    );
    registerWebhookRoutes(scope, { db, guard, policy: options.policy });
  });
}

const owner = { tags: ['mailing lists'], guard: 'member' as const };
const visitor = { tags: ['mailing lists'] };
export const mailingListRouteDocs: RouteDocs = {
  [`POST ${MAILING_API.subscribe}`]: {
    ...visitor,
    guard: 'crumb',
    summary:
      "A visitor's sign-up from a published newsletter block (spends a form key; double opt-in sends a confirmation email)",
    body: newsletterSignUpSchema,
  },
  [`POST ${MAILING_API.popupSubscribe}`]: {
    ...visitor,
    guard: 'crumb',
    summary:
      "A visitor's sign-up from the promotional pop-up into the list its settings name (spends a form key; the site's captcha checks a PROMO_POPUP_SUBMISSION token)",
    body: popupSignUpSchema,
  },
  [`GET ${CONFIRM_PATH}`]: {
    ...visitor,
    summary: 'The confirmation link: joins the list once, then shows the newsletter page (303)',
    query: TokenQuery,
  },
  [`POST ${UNSUBSCRIBE_PATH}`]: {
    ...visitor,
    summary: 'Unsubscribes the holder of the token (303 to the newsletter page)',
    query: TokenQuery,
  },
  [`GET ${MAILING_API.lists}`]: {
    ...owner,
    summary: "The site's mailing lists with their confirmed subscriber counts",
  },
  [`POST ${MAILING_API.lists}`]: {
    ...owner,
    summary: 'Create a list (201); the first one is the default',
    body: mailingListInputSchema,
    status: 201,
  },
  [`PATCH ${MAILING_API.lists}/:id`]: {
    ...owner,
    summary: 'Rename a list',
    params: ListParams,
    body: mailingListInputSchema,
  },
  [`DELETE ${MAILING_API.lists}/:id`]: {
    ...owner,
    summary: 'Delete a list and its subscribers (204)',
    params: ListParams,
    status: 204,
  },
  [`GET ${MAILING_API.lists}/:id/subscribers`]: {
    ...owner,
    summary: 'Subscribers, newest first, with search',
    params: ListParams,
    query: subscriberQuerySchema,
  },
  [`GET ${MAILING_API.lists}/:id/subscribers.csv`]: {
    ...owner,
    summary: 'Every subscriber of the list as CSV',
    params: ListParams,
  },
  ...webhookRouteDocs,
};
