import {
  FORMS_API,
  formEditorMessages,
  SUBMISSIONS_PAGE_SIZE,
  type EditorFormInput,
  type SubmissionListPage,
} from '@site/forms';
import { MAILING_API } from '@site/page-content';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { forms, formSubmissions, mailingListSubscribers, outgoingEmails } from '../db/schema';
import { DEMO_OWNER, DEMO_WEBSITE_ID, DEMO_VIEWER, seedDemoSite } from '../seed/demo-site';

const targets = await databaseTargets();

const PAGE = {
  pageTitle: 'Survey',
  pageId: 'p1',
  contentSource: 'i',
  pagePath: '/survey',
  pagePermissionTypeValue: 1,
};

/** A form with a likert, an address, a hidden field and an email; storage sends mail and fills a list. */
const survey = (listId: string): EditorFormInput => ({
  name: 'Visitor survey',
  fields: [
    { id: 'intro', type: 'section', title: 'About your visit', underline: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'addr', type: 'address', title: 'Address' },
    { id: 'mood', type: 'likert', title: 'How was it?', options: ['Service was quick', 'Staff were kind'] },
    { id: 'src', type: 'hidden', title: '', key: 'utm_source', value: 'direct' },
    { id: 'tel', type: 'phone', title: 'Phone', showCountryCode: true },
    { id: 'tip', type: 'currency', title: 'Tip', currencySymbol: '€' },
    { id: 'note', type: 'textarea', title: 'Anything else?', maxLength: 500 },
  ],
  storage: {
    email: { enabled: true, recipients: ['owner@example.com'] },
    mailingList: { enabled: true, listId, doubleOptIn: false },
  },
  parsedSubmissionMessage: 'Thanks!',
  parsedDisclaimerMessage: 'We keep your answers for a year.',
  captchaEnabled: false,
});

describe.each(targets)('the form editor and the submissions inbox on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: EditorClient;
  let viewer: EditorClient;
  let formId = '';
  let listId = '';

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
    [owner, viewer] = await Promise.all([
      new EditorClient(app).signIn(DEMO_OWNER),
      new EditorClient(app).signIn(DEMO_VIEWER),
    ]);
    listId = (await owner.call('POST', MAILING_API.lists, { name: 'Survey takers' })).json().id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('creates a form, lists it, and refuses a blank name', async () => {
    const blank = await owner.call('POST', FORMS_API.forms, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(formEditorMessages.nameRequired);
    const created = await owner.call('POST', FORMS_API.forms, { name: 'Visitor survey' });
    expect(created.statusCode).toBe(201);
    formId = created.json().id;
    const list = (await owner.call('GET', FORMS_API.forms)).json().forms;
    expect(list).toContainEqual(
      expect.objectContaining({ id: formId, name: 'Visitor survey', fieldCount: 0, submissionCount: 0 }),
    );
  });

  it('saves every fieldset, and opens the form as saved', async () => {
    const saved = await owner.call('PUT', FORMS_API.form(formId), survey(listId));
    expect(saved.statusCode).toBe(200);
    const opened = (await owner.call('GET', FORMS_API.form(formId))).json();
    expect(opened.features).toEqual({ formHandler: true });
    expect(opened.form.fields.map((f: { type: string }) => f.type)).toEqual([
      'section',
      'email',
      'address',
      'likert',
      'hidden',
      'phone',
      'currency',
      'textarea',
    ]);
    expect(opened.form.fields[5]).toMatchObject({ showCountryCode: true });
    expect(opened.form.fields[6]).toMatchObject({ currencySymbol: '€' });
    expect(opened.form.fields[4]).toMatchObject({ key: 'utm_source', value: 'direct' });
    expect(opened.form.storage).toEqual({
      inbox: true,
      email: { enabled: true, recipients: ['owner@example.com'] },
      mailingList: { enabled: true, listId, doubleOptIn: false },
    });
    expect(opened.form.parsedDisclaimerMessage).toBe('We keep your answers for a year.');
  });

  it.each([
    [
      'a list of another site or none',
      (f: EditorFormInput) => ({ ...f, storage: { mailingList: { enabled: true, listId: 'nope' } } }),
      'A List must be selected',
    ],
    [
      'a bad notification address',
      (f: EditorFormInput) => ({ ...f, storage: { email: { enabled: true, recipients: ['x@'] } } }),
      'Please enter a valid email',
    ],
    [
      'a choice field without options',
      (f: EditorFormInput) => ({ ...f, fields: [{ id: 'r', type: 'radio', title: 'R', options: [] }] }),
      formEditorMessages.optionsRequired,
    ],
    [
      'two fields with one id',
      (f: EditorFormInput) => ({
        ...f,
        fields: [
          { id: 'a', type: 'text', title: 'A' },
          { id: 'a', type: 'email', title: 'B' },
        ],
      }),
      formEditorMessages.duplicateFieldId,
    ],
  ])('refuses %s with its message at its place, keeping the saved form', async (_, change, message) => {
    const res = await owner.call('PUT', FORMS_API.form(formId), change(survey(listId)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues.map((i: { message: string }) => i.message)).toContain(message);
    expect((await owner.call('GET', FORMS_API.form(formId))).json().form.fields).toHaveLength(8);
  });

  it.each([
    ['a NUL byte', { ...survey('x'), name: 'a\u0000' }],
    [
      'a huge field list',
      {
        ...survey('x'),
        fields: Array.from({ length: 5000 }, (_, i) => ({ id: `f${i}`, type: 'text', title: 'T' })),
      },
    ],
    ['wrong types', { name: ['x'], fields: 'all' }],
    ['a nested payload', JSON.parse('['.repeat(2000) + ']'.repeat(2000))],
  ])('answers %s with a 4xx', async (_, body) => {
    const res = await owner.call('PUT', FORMS_API.form(formId), body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('lets a viewer read but not change forms, and a visitor neither', async () => {
    expect((await viewer.call('GET', FORMS_API.form(formId))).statusCode).toBe(200);
    expect((await viewer.call('PUT', FORMS_API.form(formId), survey(listId))).statusCode).toBe(403);
    expect((await new Shopper(app).get(FORMS_API.forms)).statusCode).toBe(401);
  });

  it("answers 'Unable to open form' for a stored model that no longer parses, and 404 for no form", async () => {
    await database.db.insert(forms).values({
      id: 'broken',
      websiteId: (await database.db.select().from(forms).where(eq(forms.id, formId)))[0]!.websiteId,
      name: 'Broken',
      model: { fields: 'oops' },
    });
    const res = await owner.call('GET', FORMS_API.form('broken'));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(formEditorMessages.unableToOpen);
    expect((await owner.call('GET', FORMS_API.form('missing'))).statusCode).toBe(404);
  });

  describe('a visitor submits; the inbox, the email and the list all get it', () => {
    const visitor = new Shopper({} as FastifyInstance);
    const values = {
      email: 'grace@example.com',
      addr: ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'],
      mood: { 'Service was quick': '2', 'Staff were kind': '1' },
      src: 'newsletter',
      tel: ['1', '555', '123', '4567'],
      tip: '5',
      note: '=cmd|evil',
    };

    it('saves the submission', async () => {
      const shopper = new Shopper(app);
      Object.assign(visitor, shopper);
      const key = (await shopper.post('/api/form/FormSubmissionKey')).json().data.key;
      const res = await shopper.post('/api/form/SaveFormSubmission', { formId, form: values, key, ...PAGE });
      expect(res.statusCode).toBe(200);
    });

    it('queues the owner notification and adds the address to the list', async () => {
      const mail = await database.db
        .select()
        .from(outgoingEmails)
        .where(eq(outgoingEmails.kind, 'form-notification'));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.to).toBe('owner@example.com');
      expect(mail[0]!.body).toContain('Springfield');
      const subscribers = await database.db
        .select()
        .from(mailingListSubscribers)
        .where(eq(mailingListSubscribers.listId, listId));
      expect(subscribers).toMatchObject([
        { email: 'grace@example.com', source: 'form', status: 'confirmed' },
      ]);
    });

    it('lists the submission and shows it with the form summary', async () => {
      const inbox = (await owner.call('GET', FORMS_API.submissions(formId))).json();
      expect(inbox.total).toBe(1);
      expect(inbox.submissions[0]).toMatchObject({ pagePath: '/survey', preview: 'grace@example.com' });
      const detail = (await owner.call('GET', FORMS_API.submission(formId, inbox.submissions[0].id))).json();
      expect(detail.pageTitle).toBe('Survey');
      expect(detail.summary.map((s: { title: string }) => s.title)).toEqual(
        ['Email', 'Address', 'How was it?', 'Phone', 'Tip', 'Anything else?'].flatMap((t, i) =>
          i === 3 ? ['utm_source', t] : [t],
        ),
      );
      expect(detail.summary[2].answer).toEqual({
        kind: 'ratings',
        ratings: [
          { question: 'Service was quick', answer: 'Strongly Agree' },
          { question: 'Staff were kind', answer: 'Agree' },
        ],
      });
      expect(detail.summary[1].answer).toEqual({
        kind: 'lines',
        lines: ['1 Main St', 'Springfield, IL 62701 US'],
      });
      expect((await owner.call('GET', FORMS_API.submission(formId, 'nope'))).statusCode).toBe(404);
    });

    it('exports the inbox as CSV, defusing formulas', async () => {
      const res = await owner.call('GET', FORMS_API.submissionsCsv(formId));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain('Visitor-survey-submissions.csv');
      const [header, row] = res.body.trimEnd().split('\r\n');
      expect(header).toBe('Submitted,Page,Email,Address,How was it?,utm_source,Phone,Tip,Anything else?');
      expect(row).toContain(
        ',/survey,grace@example.com,"1 Main St, Springfield, IL 62701 US",Service was quick: Strongly Agree; Staff were kind: Agree,newsletter,\'+1 555-123-4567,5,\'=cmd|evil',
      );
    });
  });

  it('pages the inbox by keyset: many submissions at one instant are neither skipped nor repeated', async () => {
    // 60 share one instant, 20 sit a microsecond apart (which a JS Date cannot tell apart), 20 spread.
    const instants = [
      ...Array.from({ length: 60 }, () => '2026-03-01 10:00:00.123456+00'),
      ...Array.from({ length: 20 }, (_, i) => `2026-03-01 10:00:00.12345${i % 2 === 0 ? 5 : 7}+00`),
      ...Array.from({ length: 20 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')} 09:00:00+00`),
    ];
    await database.db.insert(formSubmissions).values(
      instants.map((at, i) => ({
        id: `keyset-${String(i).padStart(3, '0')}-${(i * 7919) % 101}`,
        websiteId: DEMO_WEBSITE_ID,
        formId,
        values: { email: `n${i}@example.com` },
        page: { pagePath: '/survey' },
        createdAt: sql`${at}::timestamptz`,
      })),
    );
    const expected = (
      await database.db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(eq(formSubmissions.formId, formId))
        .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    ).map((r) => r.id);
    expect(expected).toHaveLength(101);

    const seen: string[] = [];
    const totals: (number | null)[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await owner.call(
        'GET',
        `${FORMS_API.submissions(formId)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json() as SubmissionListPage;
      expect(page.submissions.length).toBeLessThanOrEqual(SUBMISSIONS_PAGE_SIZE);
      seen.push(...page.submissions.map((s) => s.id));
      totals.push(page.total);
      cursor = page.nextPageCursor;
    }
    expect(seen).toEqual(expected);
    expect(totals).toEqual([101, null, null, null, null]);

    const csv = (await owner.call('GET', FORMS_API.submissionsCsv(formId))).body.trimEnd().split('\r\n');
    expect(csv).toHaveLength(102);
    expect(csv.slice(1).filter((line) => line.includes('@example.com,'))).toHaveLength(101);

    for (const bad of ['nope', Buffer.from('[1,2]').toString('base64url'), 'x'.repeat(501)]) {
      const res = await owner.call('GET', `${FORMS_API.submissions(formId)}?cursor=${bad}`);
      expect(res.statusCode).toBe(400);
    }
  });

  it('deletes the form with its submissions', async () => {
    expect((await owner.call('DELETE', FORMS_API.form(formId))).statusCode).toBe(204);
    expect((await owner.call('GET', FORMS_API.submissions(formId))).statusCode).toBe(404);
  });
});
