import { randomBytes, randomUUID } from 'node:crypto';
import {
  formSubmissionSchema,
  formValuesSchema,
  messages,
  mismatchedFieldIds,
  validateFormValues,
  type Form,
  type FormStorage,
  type FormValues,
} from '@site/forms';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { handle, parsePayload } from '../http';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { formSubmissionKeys, formSubmissions } from '../db/schema';
import { requireCrumb } from '../security/crumb';
import { DEFAULT_SUBMISSION_LIMIT, FORM_BODY_LIMIT, FORM_KEY_TTL_MS } from '../security/form-keys';
import { captchaVerifierFromEnv, FORM_CAPTCHA_ACTION, type CaptchaVerifier } from '../security/captcha';
import { loadForm } from './form-store';
import type { MailingListHooks } from '../site/hooks';
import { applyStorage } from './storage';
import { createRateLimiter, type RateLimiter, type RateLimitOptions } from '../security/rate-limiter';
import { templateSchema, templateSchemaQuery } from './template-schema';
import type { WebhookDispatcher } from '../webhooks/dispatcher';

/** Per visitor IP: keys handed out per window; a bit above submissions so retries still work. */
export const DEFAULT_KEY_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 } as const;

export interface FormRouteOptions {
  db: Database;
  /** Defaults to captchaVerifierFromEnv(): siteverify when configured, else the local verifier. */
  captchaVerifier?: CaptchaVerifier;
  submissionLimit?: Omit<RateLimitOptions, 'now'>;
  keyLimit?: Omit<RateLimitOptions, 'now'>;
  now?: () => number;
  /** Form submitted goes out to the site's webhooks. */
  webhooks?: WebhookDispatcher;
  /** Where a form's "add to a mailing list" storage sends the address. */
  mailingLists: MailingListHooks;
}

/**
 * The errors of SaveFormSubmission and the validate call. Their body is the shape the storefront
 * reads (`{ errors }` or `{ error: "<message>" }`, @site/forms saveErrorBodySchema), plus a stable
 * `code` for programs and tests.
 */
class FormSubmitError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const fieldErrors = (errors: Record<string, string>) =>
  new FormSubmitError(400, 'FIELD_ERRORS', messages.fieldsInvalid, { errors });
const unparseable = (extra: Record<string, unknown> = {}) =>
  new FormSubmitError(400, 'FIELDS_UNPARSEABLE', messages.submitFieldsUnparseable, extra);
const keyUnavailable = () => new FormSubmitError(400, 'FORM_KEY_INVALID', messages.submitKeyUnavailable);
const notConfigured = () => new FormSubmitError(404, 'FORM_NOT_FOUND', messages.submitNotConfigured);

function sendFormError(error: FormSubmitError, reply: FastifyReply): FastifyReply {
  // Field errors answer `{ errors }` alone (plus code): `error` would hide them in old clients.
  const body =
    error.code === 'FIELD_ERRORS'
      ? { ...error.extra, code: error.code }
      : { error: error.message, code: error.code, ...error.extra };
  return reply.status(error.statusCode).send(body);
}

function handleForm<R>(fn: (request: FastifyRequest, reply: FastifyReply) => Promise<R>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await fn(request, reply);
    } catch (err) {
      if (err instanceof FormSubmitError) return sendFormError(err, reply);
      throw err;
    }
  };
}

const FormIdSchema = z.string().trim().min(1).max(200);
const ValidateParams = z.object({ formId: FormIdSchema });
const SaveLocator = z.object({ formId: FormIdSchema });

/** Answers with a 429 and Retry-After when the visitor is over the limit. */
function enforce(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  error: () => Error,
): void {
  const result = limiter.hit(request.ip);
  if (!result.allowed) {
    reply.header('retry-after', String(result.retryAfterSeconds));
    throw error();
  }
}

async function requireForm(
  db: Database,
  websiteId: string,
  formId: string,
  log: FastifyBaseLogger,
): Promise<Form & { storage: FormStorage }> {
  const loaded = await loadForm(db, websiteId, formId);
  if (loaded.kind === 'found') return { ...loaded.form, storage: loaded.storage };
  if (loaded.kind === 'invalid')
    log.warn({ formId, problem: loaded.problem }, 'stored form model does not parse');
  throw notConfigured();
}

/** Values that fit the form, or the matching error: unparseable shapes first, then the rules. */
function checkValues(form: Form, values: FormValues): void {
  const mismatched = mismatchedFieldIds(form, values);
  if (mismatched.length > 0) throw unparseable({ fieldIds: mismatched });
  const errors = validateFormValues(form, values);
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** Which problem of a failed submission parse the visitor should hear about first. */
function submissionParseError(issues: readonly z.core.$ZodIssue[]): FormSubmitError {
  const fields = new Set(issues.map((i) => String(i.path[0] ?? '')));
  if (fields.has('form')) return unparseable();
  if (fields.has('key')) return keyUnavailable();
  if (fields.has('captchaKey'))
    return new FormSubmitError(400, 'CAPTCHA_REQUIRED', messages.captchaIncomplete);
  // Page fields come from the page itself, so a bad one means a broken or stale page script.
  return new FormSubmitError(400, 'INVALID_REQUEST', messages.submitProcessingError, {
    issues: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export function registerFormRoutes(app: FastifyInstance, options: FormRouteOptions): void {
  const { db } = options;
  const now = options.now ?? Date.now;
  const verifier = options.captchaVerifier ?? captchaVerifierFromEnv();
  const submissions = createRateLimiter({ ...(options.submissionLimit ?? DEFAULT_SUBMISSION_LIMIT), now });
  const keys = createRateLimiter({ ...(options.keyLimit ?? DEFAULT_KEY_LIMIT), now });

  app.post(
    '/api/form/FormSubmissionKey',
    { preHandler: requireCrumb, bodyLimit: FORM_BODY_LIMIT },
    handle(async (request, reply) => {
      const limited = keys.hit(request.ip);
      if (!limited.allowed) {
        return reply
          .status(429)
          .header('retry-after', String(limited.retryAfterSeconds))
          .send({ error: { code: 'RATE_LIMITED', message: messages.submitRateLimited } });
      }
      const key = randomBytes(24).toString('base64url');
      await db
        .insert(formSubmissionKeys)
        .values({ key, websiteId: request.site.websiteId, createdAt: new Date(now()) });
      return { data: { key } };
    }),
  );

  app.post(
    '/api/rest/forms/validate/:formId',
    { bodyLimit: FORM_BODY_LIMIT },
    handleForm(async (request) => {
      const params = ValidateParams.safeParse(request.params);
      if (!params.success) throw notConfigured();
      const form = await requireForm(db, request.site.websiteId, params.data.formId, request.log);
      const values = formValuesSchema.safeParse(request.body);
      if (!values.success) throw unparseable();
      checkValues(form, values.data);
      return {};
    }),
  );

  app.post(
    '/api/form/SaveFormSubmission',
    { preHandler: requireCrumb, bodyLimit: FORM_BODY_LIMIT },
    handleForm(async (request, reply) => {
      enforce(
        submissions,
        request,
        reply,
        () => new FormSubmitError(429, 'RATE_LIMITED', messages.submitRateLimited),
      );
      const body: unknown = request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw unparseable();
      // The form is named in the body (the storefront adds it) or, for plain clients, the query.
      const locator = SaveLocator.safeParse({
        formId: (body as { formId?: unknown }).formId ?? (request.query as { formId?: unknown }).formId,
      });
      if (!locator.success) {
        throw new FormSubmitError(400, 'MISSING_FORM_ID', messages.submitProcessingError);
      }
      const form = await requireForm(db, request.site.websiteId, locator.data.formId, request.log);

      const parsed = formSubmissionSchema.safeParse(body);
      if (!parsed.success) throw submissionParseError(parsed.error.issues);
      const submission = parsed.data;
      checkValues(form, submission.form);

      if (form.captchaEnabled) {
        if (!submission.captchaKey)
          throw new FormSubmitError(400, 'CAPTCHA_REQUIRED', messages.captchaIncomplete);
        let genuine: boolean;
        try {
          genuine = await verifier.verify({
            token: submission.captchaKey,
            action: FORM_CAPTCHA_ACTION,
            websiteId: request.site.websiteId,
            formId: form.id,
            ip: request.ip,
          });
        } catch (err) {
          request.log.warn({ err, verifier: verifier.name }, 'captcha verification failed');
          throw new FormSubmitError(503, 'CAPTCHA_UNAVAILABLE', messages.submitServerError);
        }
        if (!genuine) throw new FormSubmitError(400, 'CAPTCHA_INVALID', messages.captchaIncomplete);
      }

      const at = new Date(now());
      const saved = await db.transaction(async (tx) => {
        // Claiming the key and storing the answers commit together: a used key never saves twice,
        // and a failed insert leaves the key usable.
        const claimed = await tx
          .update(formSubmissionKeys)
          .set({ usedAt: at })
          .where(
            and(
              eq(formSubmissionKeys.key, submission.key),
              eq(formSubmissionKeys.websiteId, request.site.websiteId),
              isNull(formSubmissionKeys.usedAt),
              gt(formSubmissionKeys.createdAt, new Date(at.getTime() - FORM_KEY_TTL_MS)),
            ),
          )
          .returning({ key: formSubmissionKeys.key });
        if (claimed.length === 0) return undefined;
        await tx.insert(formSubmissions).values({
          id: randomUUID(),
          websiteId: request.site.websiteId,
          formId: form.id,
          values: submission.form,
          page: {
            pageTitle: submission.pageTitle,
            pageId: submission.pageId,
            contentSource: submission.contentSource,
            pagePath: submission.pagePath,
            pagePermissionTypeValue: submission.pagePermissionTypeValue,
          },
          createdAt: at,
        });
        const subscribed = await applyStorage(
          tx,
          request.site.websiteId,
          form,
          submission.form,
          {
            at,
            pagePath: submission.pagePath,
            origin: `${request.protocol}://${request.host}`,
          },
          options.mailingLists,
        );
        return { added: subscribed.added };
      });
      if (!saved) throw keyUnavailable();
      if (saved.added)
        await options.webhooks?.emit(request.site.websiteId, 'subscriber.added', { ...saved.added });
      await options.webhooks?.emit(request.site.websiteId, 'form.submitted', {
        formId: form.id,
        formName: form.name,
        values: submission.form,
        pagePath: submission.pagePath,
        submittedAt: at.toISOString(),
      });
      return { success: true };
    }),
  );

  app.get(
    '/api/template/GetTemplateSchema',
    handle(async (request) => templateSchema(parsePayload(templateSchemaQuery, request.query).type)),
  );
}

const formTags = ['forms'];

/** API documentation of the form calls (src/http/openapi.ts). */
export const formRouteDocs: RouteDocs = {
  'POST /api/form/FormSubmissionKey': {
    summary: 'A one-time key for the next form submission',
    tags: formTags,
    guard: 'crumb',
    response: z.object({ data: z.object({ key: z.string() }) }),
  },
  'POST /api/rest/forms/validate/:formId': {
    summary: "Checks answers against the form's rules without saving",
    tags: formTags,
    params: ValidateParams,
    body: formValuesSchema,
  },
  'POST /api/form/SaveFormSubmission': {
    summary: 'Saves a form submission (spends its key)',
    tags: formTags,
    guard: 'crumb',
    query: SaveLocator.partial(),
    body: formSubmissionSchema,
    response: z.object({ success: z.literal(true) }),
  },
  'GET /api/template/GetTemplateSchema': {
    summary: "A form block type's template schema",
    tags: formTags,
    query: templateSchemaQuery,
  },
};
