import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import {
  createLocalCaptchaProvider,
  createSubmissionFlow,
  formSchema,
  interpretSaveResponse,
  messages,
  type FormInput,
  type FormSubmission,
} from '@site/forms';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { formSubmissionKeys, formSubmissions, forms, websites } from '../db/schema';
import { registerCrumbRoute } from '../security/crumb';
import { DEMO_CONTACT_FORM_ID } from '../seed/demo-forms';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { LOCAL_CAPTCHA_TOKEN, type CaptchaCheck, type CaptchaVerifier } from '../security/captcha';
import { loadForm } from './form-store';
import { registerFormRoutes, type FormRouteOptions } from './routes';
import { DEFAULT_SUBMISSION_LIMIT, FORM_KEY_TTL_MS } from '../security/form-keys';
import { registerSiteResolution } from '../sites/request-site';
import { mailingListHooks } from '../mailing-lists/subscriptions';

const targets = await databaseTargets();

const PAGE = {
  pageTitle: 'Contact',
  pageId: 'page-contact',
  contentSource: 'c',
  pagePath: '/contact',
  pagePermissionTypeValue: 0,
} as const;

/** Answers that pass every rule of the demo contact form. */
const GOOD_VALUES = {
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  subject: 'Wholesale',
  interests: ['Paper and books'],
  message: 'Do you sell the notebooks by the case?',
  source: 'direct',
};

const CAPTCHA_FORM: FormInput = {
  id: 'form-captcha',
  name: 'Guarded',
  fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
  captchaEnabled: true,
};

let ipCounter = 0;
/** Each visitor gets its own address, so the per-IP limits of one test never touch another. */
class Visitor extends Shopper {
  readonly ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  send(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request(method, url, payload, { 'x-forwarded-for': this.ip, ...headers });
  }
  async key(): Promise<string> {
    const res = await this.send('POST', '/api/form/FormSubmissionKey', {});
    expect(res.statusCode).toBe(200);
    return res.json().data.key as string;
  }
  async save(body: Record<string, unknown>) {
    return this.send('POST', '/api/form/SaveFormSubmission', body);
  }
  async submit(values: Record<string, unknown> = GOOD_VALUES, extra: Record<string, unknown> = {}) {
    return this.save({
      formId: DEMO_CONTACT_FORM_ID,
      form: values,
      key: await this.key(),
      ...PAGE,
      ...extra,
    });
  }
}

/** A bare server with only the form routes, for options buildApp does not expose. */
async function formsOnlyApp(
  database: DatabaseHandle,
  options: Partial<FormRouteOptions>,
): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: '127.0.0.1' });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerCrumbRoute(app);
  registerSiteResolution(app, { db: database.db, defaultWebsiteId: DEMO_WEBSITE_ID });
  registerFormRoutes(app, { db: database.db, mailingLists: mailingListHooks, ...options });
  await app.ready();
  return app;
}

describe.each(targets)('form API on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let visitor: Visitor;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await database.db.insert(forms).values({
      id: CAPTCHA_FORM.id,
      websiteId: DEMO_WEBSITE_ID,
      name: 'Guarded',
      model: formSchema.parse(CAPTCHA_FORM),
    });
    await database.db.insert(websites).values({
      id: 'other-site',
      title: 'Other',
      timeZone: 'UTC',
      locale: 'en-US',
      currency: 'USD',
      settings: {},
    });
    await database.db.insert(forms).values({
      id: 'form-elsewhere',
      websiteId: 'other-site',
      model: formSchema.parse({ id: 'form-elsewhere' }),
    });
    // A model saved by an older editor that the current schema no longer accepts.
    await database.db.insert(forms).values({
      id: 'form-broken',
      websiteId: DEMO_WEBSITE_ID,
      model: { fields: [{ id: 'x', type: 'hologram' }] },
    });
    // As if behind a proxy on this machine: the tests give each visitor its own X-Forwarded-For.
    app = await buildApp({ database, trustProxy: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(() => {
    visitor = new Visitor(app);
  });

  const keyRow = async (key: string) =>
    (await database.db.select().from(formSubmissionKeys).where(eq(formSubmissionKeys.key, key)))[0];
  const submissionCount = async () => (await database.db.select().from(formSubmissions)).length;

  describe('POST /api/form/FormSubmissionKey', () => {
    it('hands out a fresh one-time key and stores it unused', async () => {
      const first = await visitor.key();
      const second = await visitor.key();
      expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(second).not.toBe(first);
      expect(await keyRow(first)).toMatchObject({ websiteId: DEMO_WEBSITE_ID, usedAt: null });
    });

    it('refuses a call without the crumb header', async () => {
      await visitor.get('/api/crumb');
      const res = await visitor.send(
        'POST',
        '/api/form/FormSubmissionKey',
        {},
        { 'x-csrf-token': 'wrong-crumb-value-123' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ crumbFail: true, error: { code: 'CRUMB_FAIL' } });
    });
  });

  describe('POST /api/rest/forms/validate/{formId}', () => {
    const validate = (values: unknown, formId = DEMO_CONTACT_FORM_ID) =>
      visitor.send('POST', `/api/rest/forms/validate/${formId}`, values);

    it('answers 200 {} when every rule passes', async () => {
      const res = await validate(GOOD_VALUES);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    });

    it('answers every failing field with the @site/forms message', async () => {
      const res = await validate({
        name: ['', ' '],
        email: 'ada@',
        subject: '',
        interests: [],
        message: 'x'.repeat(501),
        source: '',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'FIELD_ERRORS',
        errors: {
          name: messages.required,
          email: messages.emailInvalid,
          subject: messages.required,
          interests: messages.required,
          message: messages.characterLimitExceeded,
        },
      });
    });

    it('treats absent required fields as empty and counts the limit in characters, not bytes', async () => {
      const res = await validate({ message: '😀'.repeat(500) });
      expect(res.json().errors).toEqual({
        name: messages.required,
        email: messages.required,
        subject: messages.required,
        interests: messages.required,
      });
    });

    it.each([
      ['an unknown field', { ...GOOD_VALUES, nickname: 'Ada' }],
      ['a list where one value belongs', { ...GOOD_VALUES, email: ['ada@example.com'] }],
      ['one value where a list belongs', { ...GOOD_VALUES, interests: 'Clothing' }],
      ['a number', { ...GOOD_VALUES, message: 42 }],
      ['a list body', [GOOD_VALUES]],
    ])('answers "could not parse" for %s', async (_label, body) => {
      const res = await validate(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: messages.submitFieldsUnparseable,
        code: 'FIELDS_UNPARSEABLE',
      });
    });

    it.each([
      ['an unknown form', 'no-such-form'],
      ["another site's form", 'form-elsewhere'],
      ['a form whose stored model no longer parses', 'form-broken'],
    ])('answers 404 "not configured" for %s', async (_label, formId) => {
      const res = await validate(GOOD_VALUES, formId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: messages.submitNotConfigured, code: 'FORM_NOT_FOUND' });
    });
  });

  describe('POST /api/form/SaveFormSubmission', () => {
    it('stores the answers and page fields, spends the key and answers { success: true }', async () => {
      const key = await visitor.key();
      const before = await submissionCount();
      const res = await visitor.save({ formId: DEMO_CONTACT_FORM_ID, form: GOOD_VALUES, key, ...PAGE });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await submissionCount()).toBe(before + 1);
      const rows = await database.db
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.formId, DEMO_CONTACT_FORM_ID));
      expect(rows.at(-1)).toMatchObject({
        formId: DEMO_CONTACT_FORM_ID,
        websiteId: DEMO_WEBSITE_ID,
        values: GOOD_VALUES,
        page: PAGE,
      });
      expect((await keyRow(key))?.usedAt).toBeInstanceOf(Date);
    });

    it('takes the form id from the query string too', async () => {
      const res = await visitor.send('POST', `/api/form/SaveFormSubmission?formId=${DEMO_CONTACT_FORM_ID}`, {
        form: GOOD_VALUES,
        key: await visitor.key(),
        ...PAGE,
      });
      expect(res.json()).toEqual({ success: true });
    });

    it('refuses a key that was already used', async () => {
      const key = await visitor.key();
      expect(
        (await visitor.save({ formId: DEMO_CONTACT_FORM_ID, form: GOOD_VALUES, key, ...PAGE })).statusCode,
      ).toBe(200);
      const again = await visitor.save({ formId: DEMO_CONTACT_FORM_ID, form: GOOD_VALUES, key, ...PAGE });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: messages.submitKeyUnavailable, code: 'FORM_KEY_INVALID' });
    });

    it('refuses a key only one of two racing saves can use', async () => {
      const key = await visitor.key();
      const body = { formId: DEMO_CONTACT_FORM_ID, form: GOOD_VALUES, key, ...PAGE };
      const results = await Promise.all([visitor.save(body), visitor.save(body), visitor.save(body)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    });

    it.each([
      ['unknown', async () => 'never-issued-key'],
      ['empty', async () => ''],
      [
        'expired',
        async (db: DatabaseHandle) => {
          const key = 'expired-key-0000000000000000000000';
          await db.db.insert(formSubmissionKeys).values({
            key,
            websiteId: DEMO_WEBSITE_ID,
            createdAt: new Date(Date.now() - FORM_KEY_TTL_MS - 1000),
          });
          return key;
        },
      ],
      [
        "another site's",
        async (db: DatabaseHandle) => {
          const key = 'other-site-key-00000000000000000000';
          await db.db.insert(formSubmissionKeys).values({ key, websiteId: 'other-site' });
          return key;
        },
      ],
    ])('refuses an %s key with the key message', async (_label, makeKey) => {
      const res = await visitor.save({
        formId: DEMO_CONTACT_FORM_ID,
        form: GOOD_VALUES,
        key: await makeKey(database),
        ...PAGE,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: messages.submitKeyUnavailable, code: 'FORM_KEY_INVALID' });
    });

    it('refuses a missing key with the key message', async () => {
      const res = await visitor.save({ formId: DEMO_CONTACT_FORM_ID, form: GOOD_VALUES, ...PAGE });
      expect(res.json()).toEqual({ error: messages.submitKeyUnavailable, code: 'FORM_KEY_INVALID' });
    });

    it('answers field errors as { errors } and leaves the key usable', async () => {
      const key = await visitor.key();
      const before = await submissionCount();
      const res = await visitor.save({
        formId: DEMO_CONTACT_FORM_ID,
        form: { ...GOOD_VALUES, email: 'not-an-email' },
        key,
        ...PAGE,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'FIELD_ERRORS', errors: { email: messages.emailInvalid } });
      expect(interpretSaveResponse({ status: res.statusCode, data: res.json() })).toEqual({
        kind: 'field-errors',
        errors: { email: messages.emailInvalid },
        message: messages.fieldsInvalid,
      });
      expect(await submissionCount()).toBe(before);
      expect(
        (await visitor.save({ formId: DEMO_CONTACT_FORM_ID, form: GOOD_VALUES, key, ...PAGE })).statusCode,
      ).toBe(200);
    });

    it.each([
      ['no form map', { key: 'k', ...PAGE }],
      ['a form that is a string', { form: 'name=Ada', key: 'k', ...PAGE }],
      ['a value of the wrong shape', { form: { ...GOOD_VALUES, interests: 'Clothing' }, key: 'k', ...PAGE }],
      ['a section or unknown field', { form: { ...GOOD_VALUES, extra: 'x' }, key: 'k', ...PAGE }],
    ])('answers "could not parse" for %s', async (_label, body) => {
      const res = await visitor.save({ formId: DEMO_CONTACT_FORM_ID, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: messages.submitFieldsUnparseable,
        code: 'FIELDS_UNPARSEABLE',
      });
    });

    it('answers "could not parse" for a body that is not an object', async () => {
      const res = await visitor.save([GOOD_VALUES] as never);
      expect(res.json()).toMatchObject({ error: messages.submitFieldsUnparseable });
    });

    it('answers 404 for a form that does not exist, which the browser shows as "not configured"', async () => {
      const res = await visitor.save({
        formId: 'no-such-form',
        form: GOOD_VALUES,
        key: await visitor.key(),
        ...PAGE,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: messages.submitNotConfigured, code: 'FORM_NOT_FOUND' });
      expect(interpretSaveResponse({ status: 404, data: res.json() })).toEqual({
        kind: 'error',
        message: messages.submitNotConfigured,
      });
    });

    it('answers 400 when the form is not named at all', async () => {
      const res = await visitor.save({ form: GOOD_VALUES, key: await visitor.key(), ...PAGE });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: messages.submitProcessingError, code: 'MISSING_FORM_ID' });
    });

    it('answers 400 with the issues for page fields a page script got wrong', async () => {
      const res = await visitor.save({
        formId: DEMO_CONTACT_FORM_ID,
        form: GOOD_VALUES,
        key: await visitor.key(),
        ...PAGE,
        contentSource: 'x',
        pagePermissionTypeValue: -1,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: messages.submitProcessingError, code: 'INVALID_REQUEST' });
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
        'contentSource',
        'pagePermissionTypeValue',
      ]);
    });

    it('refuses a save without the crumb', async () => {
      await visitor.get('/api/crumb');
      const res = await visitor.send(
        'POST',
        '/api/form/SaveFormSubmission',
        { formId: DEMO_CONTACT_FORM_ID },
        { 'x-csrf-token': '' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ crumbFail: true });
    });

    it(`answers 429 after ${DEFAULT_SUBMISSION_LIMIT.max} attempts from one address, and only for that address`, async () => {
      for (let i = 0; i < DEFAULT_SUBMISSION_LIMIT.max; i++) {
        expect(
          (
            await visitor.save({
              formId: DEMO_CONTACT_FORM_ID,
              form: { ...GOOD_VALUES, email: '' },
              key: 'k',
              ...PAGE,
            })
          ).statusCode,
        ).toBe(400);
      }
      const limited = await visitor.submit();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: messages.submitRateLimited, code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(interpretSaveResponse({ status: 429, data: limited.json() }).kind).toBe('error');
      expect((await new Visitor(app).submit()).statusCode).toBe(200);
    });

    describe('with captcha enabled', () => {
      const guarded = (extra: Record<string, unknown>) =>
        visitor.key().then((key) =>
          visitor.save({
            formId: CAPTCHA_FORM.id,
            form: { email: 'ada@example.com' },
            key,
            ...PAGE,
            ...extra,
          }),
        );

      it('requires a captcha key', async () => {
        const res = await guarded({});
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: messages.captchaIncomplete, code: 'CAPTCHA_REQUIRED' });
      });

      it('refuses an empty captcha key', async () => {
        expect((await guarded({ captchaKey: '' })).json()).toEqual({
          error: messages.captchaIncomplete,
          code: 'CAPTCHA_REQUIRED',
        });
      });

      it('refuses a token the verifier does not accept', async () => {
        const res = await guarded({ captchaKey: 'forged-token' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: messages.captchaIncomplete, code: 'CAPTCHA_INVALID' });
      });

      it('accepts the token the local provider issues (built-in local verifier)', async () => {
        const res = await guarded({ captchaKey: LOCAL_CAPTCHA_TOKEN });
        expect(res.json()).toEqual({ success: true });
      });
    });
  });

  describe('GET /api/template/GetTemplateSchema', () => {
    it('describes every field type of the form block from @site/forms', async () => {
      const res = await visitor.get('/api/template/GetTemplateSchema?type=form');
      expect(res.statusCode).toBe(200);
      const schema = res.json();
      expect(schema.type).toBe('form');
      expect(schema.fieldTypes).toHaveLength(19);
      const byType = Object.fromEntries(schema.fieldTypes.map((f: { type: string }) => [f.type, f]));
      expect(byType.textarea).toMatchObject({
        properties: [{ name: 'maxLength', kind: 'integer' }],
        value: 'text',
        canBeRequired: true,
      });
      expect(byType.name).toMatchObject({ value: 'parts', parts: ['First', 'Last'] });
      expect(byType.checkbox).toMatchObject({
        value: 'checked-list',
        properties: [{ name: 'options', kind: 'text-list' }],
      });
      expect(byType.likert).toMatchObject({
        value: 'answers-by-statement',
        canBeRequired: false,
        answers: ['-2', '-1', '0', '1', '2'],
      });
      expect(byType.section).toMatchObject({
        value: 'none',
        properties: [{ name: 'underline', kind: 'boolean', default: false }],
      });
      expect(schema.fieldsets).toEqual([
        { id: 1, name: 'build' },
        { id: 2, name: 'storage' },
        { id: 3, name: 'advanced' },
        { id: 4, name: 'captcha' },
        { id: 5, name: 'disclaimer' },
      ]);
      expect(schema.captcha).toEqual({
        action: 'FORM_BLOCK_SUBMISSION',
        themes: ['light', 'dark'],
        alignments: ['left', 'center', 'right'],
      });
      expect(schema.model.properties.fields.type).toBe('array');
      expect(schema.rules.messages.required).toBe(messages.required);
    });

    it('offers a newsletter block only the fields a sign-up needs', async () => {
      const schema = (await visitor.get('/api/template/GetTemplateSchema?type=newsletter')).json();
      expect(schema.fieldTypes.map((f: { type: string }) => f.type).sort()).toEqual([
        'email',
        'hidden',
        'name',
      ]);
      expect(schema.captcha.action).toBe('NEWSLETTER_BLOCK_SUBMISSION');
    });

    it.each(['', '?type=gallery', '?type=FORM'])('answers 400 for type query %j', async (query) => {
      const res = await visitor.get(`/api/template/GetTemplateSchema${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'INVALID_REQUEST',
        message: expect.stringMatching(/^type: /),
      });
    });
  });

  describe('the /contact page', () => {
    it('renders the stored contact form server-side with its rules as markup', async () => {
      const res = await visitor.get('/contact');
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toMatch(/<a href="\/contact"[^>]*>Contact<\/a>/);
      expect(html).toContain(`data-form-id="${DEMO_CONTACT_FORM_ID}"`);
      for (const id of ['name', 'email', 'subject', 'interests', 'message']) {
        expect(html).toContain(`data-field-id="${id}"`);
        expect(html).toContain(`id="field-${id}-error"`);
      }
      expect(html).toMatch(/<textarea id="field-message" name="message" rows="6" data-max-length="500"/);
      expect(html).toContain('<input type="checkbox" name="interests" value="Clothing">');
      expect(html).toContain('<option value="Wholesale">Wholesale</option>');
      expect(html).toContain(
        '<button class="button button--primary button--medium form-submit" type="submit">Send message</button>',
      );
      // One markup: the contact page draws its form with the form block's template.
      expect(html).toContain('class="form-block site-form-block" data-site-form-block');
      expect(html).toContain(
        '<div class="form-disclaimer">We only use your details to answer this message.</div>',
      );
      expect(html).not.toContain('data-field-id="source"');

      const model = /data-form-model="([^"]*)"/.exec(html)?.[1] ?? '';
      const decoded = JSON.parse(
        model
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, '&'),
      );
      const stored = await loadForm(database.db, DEMO_WEBSITE_ID, DEMO_CONTACT_FORM_ID);
      expect(stored.kind).toBe('found');
      expect(decoded).toEqual(stored.kind === 'found' ? stored.form : undefined);
    });
  });

  describe('the browser submission flow against this API', () => {
    const flowFor = (v: Visitor, form: FormInput, captcha = createLocalCaptchaProvider()) => {
      const parsed = formSchema.parse(form);
      return createSubmissionFlow({
        form: parsed,
        kind: 'form',
        captcha,
        transport: {
          fetchFormKey: () => v.key(),
          save: async (submission: FormSubmission) => {
            const res = await v.save({ ...submission, formId: parsed.id });
            return { status: res.statusCode, data: res.json() };
          },
        },
      });
    };
    const contactForm = async () => {
      const stored = await loadForm(database.db, DEMO_WEBSITE_ID, DEMO_CONTACT_FORM_ID);
      if (stored.kind !== 'found') throw new Error('demo form missing');
      return stored.form;
    };

    it('ends in success with the submission message', async () => {
      const state = await flowFor(visitor, await contactForm()).submit({
        input: {
          name: ['Ada', 'Lovelace'],
          email: ['ada@example.com'],
          subject: ['Wholesale'],
          interests: ['Clothing'],
          message: ['Hello'],
        },
        page: PAGE,
        queryString: '?utm_source=newsletter',
      });
      expect(state).toEqual({
        status: 'success',
        success: { kind: 'message', message: (await contactForm()).parsedSubmissionMessage, html: '' },
      });
      const rows = await database.db
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.formId, DEMO_CONTACT_FORM_ID));
      expect(rows.some((r) => r.values.source === 'newsletter' && r.values.message === 'Hello')).toBe(true);
    });

    it('shows server field errors when the stored form is stricter than the page copy', async () => {
      const lenient = {
        ...(await contactForm()),
        fields: (await contactForm()).fields.map((f) => ({ ...f, required: false })),
      };
      const state = await flowFor(visitor, lenient).submit({ input: { message: ['Hello'] }, page: PAGE });
      expect(state).toMatchObject({
        status: 'failure',
        failure: {
          message: messages.fieldsInvalid,
          fieldErrors: { email: messages.required, interests: messages.required },
        },
      });
    });

    it('passes the local captcha through to the built-in verifier', async () => {
      const captcha = createLocalCaptchaProvider();
      const state = await flowFor(visitor, CAPTCHA_FORM, captcha).submit({
        input: { email: ['ada@example.com'] },
        page: PAGE,
      });
      expect(state.status).toBe('success');
      expect(captcha.requests).toEqual(['FORM_BLOCK_SUBMISSION']);
    });
  });

  describe('with injected options', () => {
    it('hands the verifier the token, action, form, site and visitor address', async () => {
      const checks: CaptchaCheck[] = [];
      const verifier: CaptchaVerifier = {
        name: 'spy',
        verify: async (check) => (checks.push(check), check.token === 'real-provider-token'),
      };
      const standalone = await formsOnlyApp(database, { captchaVerifier: verifier });
      try {
        const v = new Visitor(standalone);
        const save = async (captchaKey: string) =>
          v.save({
            formId: CAPTCHA_FORM.id,
            form: { email: 'ada@example.com' },
            key: await v.key(),
            captchaKey,
            ...PAGE,
          });
        expect((await save(LOCAL_CAPTCHA_TOKEN)).json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
        expect((await save('real-provider-token')).json()).toEqual({ success: true });
        expect(checks[1]).toEqual({
          token: 'real-provider-token',
          action: 'FORM_BLOCK_SUBMISSION',
          websiteId: DEMO_WEBSITE_ID,
          formId: CAPTCHA_FORM.id,
          ip: v.ip,
        });
      } finally {
        await standalone.close();
      }
    });

    it('answers 503 with the send-failed message when the captcha provider is down', async () => {
      const standalone = await formsOnlyApp(database, {
        captchaVerifier: { name: 'down', verify: async () => Promise.reject(new Error('ECONNREFUSED')) },
      });
      try {
        const v = new Visitor(standalone);
        const res = await v.save({
          formId: CAPTCHA_FORM.id,
          form: { email: 'ada@example.com' },
          key: await v.key(),
          captchaKey: 'token',
          ...PAGE,
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: messages.submitServerError, code: 'CAPTCHA_UNAVAILABLE' });
        expect(interpretSaveResponse({ status: 503, data: res.json() })).toEqual({
          kind: 'error',
          message: messages.submitServerError,
        });
      } finally {
        await standalone.close();
      }
    });

    it('opens the window again once it has passed, and limits key hand-outs too', async () => {
      let clock = 1_000_000;
      const standalone = await formsOnlyApp(database, {
        now: () => clock,
        submissionLimit: { max: 1, windowMs: 60_000 },
        keyLimit: { max: 2, windowMs: 60_000 },
      });
      try {
        const v = new Visitor(standalone);
        const body = async () => ({
          formId: DEMO_CONTACT_FORM_ID,
          form: GOOD_VALUES,
          key: await v.key(),
          ...PAGE,
        });
        // Keys are stamped with the injected clock, so they must be "recent" in that clock too.
        clock = Date.now();
        expect((await v.save(await body())).statusCode).toBe(200);
        const limited = await v.save(await body());
        expect(limited.statusCode).toBe(429);
        expect(limited.headers['retry-after']).toBe('60');
        const keyLimited = await v.send('POST', '/api/form/FormSubmissionKey', {});
        expect(keyLimited.statusCode).toBe(429);
        expect(keyLimited.json()).toEqual({
          error: { code: 'RATE_LIMITED', message: messages.submitRateLimited },
        });
        clock += 60_000;
        expect((await v.save(await body())).statusCode).toBe(200);
      } finally {
        await standalone.close();
      }
    });
  });
});
