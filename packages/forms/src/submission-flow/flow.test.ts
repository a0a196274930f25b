import { describe, expect, it, vi } from 'vitest';
import { formSchema, type FormInput } from '../form/form';
import type { FormSubmission, SubmissionPage } from '../form-submission/submission';
import type { SaveResponse } from '../submission-errors/save-response';
import { createLocalCaptchaProvider } from './captcha';
import { createSubmissionFlow, type SubmissionTransport } from './flow';
import type { SubmissionState } from './machine';

const page: SubmissionPage = {
  pageTitle: 'Contact',
  pageId: 'p1',
  contentSource: 'c',
  pagePath: '/contact',
  pagePermissionTypeValue: 1,
};

const baseForm: FormInput = {
  id: 'f1',
  fields: [
    { id: 'email', type: 'email', required: true },
    { id: 'msg', type: 'textarea', maxLength: 20 },
    { id: 'src', type: 'hidden', key: 'utm', value: 'direct' },
  ],
  parsedSubmissionMessage: 'Thanks!',
  submissionHTML: '<p>ok</p>',
};

const validInput = { email: ['a@b.cd'], msg: ['hi'] };

interface FakeTransport extends SubmissionTransport {
  saved: FormSubmission[];
  keyCalls: number;
}

function fakeTransport(
  answer: SaveResponse | Error = { status: 200 },
  key: string | Error = 'key-1',
): FakeTransport {
  const t: FakeTransport = {
    saved: [],
    keyCalls: 0,
    async fetchFormKey() {
      t.keyCalls++;
      if (key instanceof Error) throw key;
      return key;
    },
    async save(submission) {
      t.saved.push(submission);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return t;
}

function record(flow: { subscribe(l: (s: SubmissionState) => void): () => void }): SubmissionState[] {
  const states: SubmissionState[] = [];
  flow.subscribe((s) => states.push(s));
  return states;
}

describe('createSubmissionFlow', () => {
  it('walks every step in order and saves the collected submission', async () => {
    const transport = fakeTransport();
    const flow = createSubmissionFlow({ form: formSchema.parse(baseForm), kind: 'form', transport });
    const states = record(flow);

    const final = await flow.submit({ input: validInput, page, queryString: '?utm=mail' });

    expect(states.map((s) => (s.status === 'submitting' ? s.step : s.status))).toEqual([
      'clear-errors',
      'validate',
      'captcha',
      'form-key',
      'collect',
      'save',
      'success',
    ]);
    expect(final).toEqual({
      status: 'success',
      success: { kind: 'message', message: 'Thanks!', html: '<p>ok</p>' },
    });
    expect(transport.saved).toEqual([
      { ...page, form: { email: 'a@b.cd', msg: 'hi', src: 'mail' }, key: 'key-1' },
    ]);
  });

  it('redirects when the form has a success redirect', async () => {
    const flow = createSubmissionFlow({
      form: formSchema.parse({ ...baseForm, successRedirect: '/thanks' }),
      kind: 'form',
      transport: fakeTransport(),
    });
    expect(await flow.submit({ input: validInput, page })).toEqual({
      status: 'success',
      success: { kind: 'redirect', url: '/thanks' },
    });
  });

  it('stops at validation with field errors and never calls the transport', async () => {
    const transport = fakeTransport();
    const flow = createSubmissionFlow({ form: formSchema.parse(baseForm), kind: 'form', transport });
    const final = await flow.submit({ input: { email: ['nope'], msg: ['x'.repeat(21)] }, page });
    expect(final).toEqual({
      status: 'failure',
      failure: {
        fieldErrors: {
          email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
          msg: 'You have exceeded the character limit.',
        },
        message: 'One or more fields is invalid, please check your entries.',
        captchaFailed: false,
      },
    });
    expect(transport.keyCalls).toBe(0);
    expect(transport.saved).toEqual([]);
  });

  it('can be submitted again after a failure, and succeeds', async () => {
    const flow = createSubmissionFlow({
      form: formSchema.parse(baseForm),
      kind: 'form',
      transport: fakeTransport(),
    });
    expect((await flow.submit({ input: {}, page })).status).toBe('failure');
    expect((await flow.submit({ input: validInput, page })).status).toBe('success');
  });

  it('ignores a second submit while one is in flight', async () => {
    let release: (r: SaveResponse) => void = () => {};
    const transport = fakeTransport();
    transport.save = vi.fn(() => new Promise<SaveResponse>((resolve) => (release = resolve)));
    const flow = createSubmissionFlow({ form: formSchema.parse(baseForm), kind: 'form', transport });

    const first = flow.submit({ input: validInput, page });
    await vi.waitFor(() => expect(transport.save).toHaveBeenCalledTimes(1));
    const second = await flow.submit({ input: validInput, page });
    expect(second).toEqual({ status: 'submitting', step: 'save' });
    release({ status: 200 });
    expect((await first).status).toBe('success');
    expect(transport.save).toHaveBeenCalledTimes(1);
  });

  describe('captcha', () => {
    const captchaForm = formSchema.parse({ ...baseForm, captchaEnabled: true });

    it.each([
      ['form', 'FORM_BLOCK_SUBMISSION'],
      ['newsletter', 'NEWSLETTER_BLOCK_SUBMISSION'],
    ] as const)('a %s asks for a %s token and sends it as captchaKey', async (kind, action) => {
      const captcha = createLocalCaptchaProvider('tok');
      const transport = fakeTransport();
      const flow = createSubmissionFlow({ form: captchaForm, kind, transport, captcha });
      expect((await flow.submit({ input: validInput, page })).status).toBe('success');
      expect(captcha.requests).toEqual([action]);
      expect(transport.saved[0]?.captchaKey).toBe('tok');
    });

    it.each([
      ['no token', createLocalCaptchaProvider(null)],
      [
        'a throwing provider',
        { getToken: () => Promise.reject(new Error('script blocked')), reset: vi.fn() },
      ],
      ['no provider', undefined],
    ])('fails with %s, resets the widget and flags the captcha', async (_name, captcha) => {
      const transport = fakeTransport();
      const flow = createSubmissionFlow({ form: captchaForm, kind: 'form', transport, captcha });
      expect(await flow.submit({ input: validInput, page })).toEqual({
        status: 'failure',
        failure: { fieldErrors: {}, message: 'Complete CAPTCHA before submitting.', captchaFailed: true },
      });
      expect(transport.keyCalls).toBe(0);
      if (captcha && 'resets' in captcha) expect(captcha.resets).toBe(1);
      else if (captcha) expect(captcha.reset).toHaveBeenCalledTimes(1);
    });

    it("asks for the caller's action when it names one (the promotional pop-up)", async () => {
      const captcha = createLocalCaptchaProvider('tok');
      const flow = createSubmissionFlow({
        form: captchaForm,
        kind: 'newsletter',
        transport: fakeTransport(),
        captcha,
        captchaAction: 'PROMO_POPUP_SUBMISSION',
      });
      expect((await flow.submit({ input: validInput, page })).status).toBe('success');
      expect(captcha.requests).toEqual(['PROMO_POPUP_SUBMISSION']);
    });

    it.each(['ReCaptcha has not been set up!', 'Document was destroyed'])(
      "shows the provider's rejection %j instead of 'Complete CAPTCHA'",
      async (rejection) => {
        const captcha = { getToken: () => Promise.reject(new Error(rejection)), reset: vi.fn() };
        const flow = createSubmissionFlow({
          form: captchaForm,
          kind: 'newsletter',
          transport: fakeTransport(),
          captcha,
        });
        expect(await flow.submit({ input: validInput, page })).toEqual({
          status: 'failure',
          failure: { fieldErrors: {}, message: rejection, captchaFailed: true },
        });
        expect(captcha.reset).toHaveBeenCalledTimes(1);
      },
    );

    it('does not ask for a token when the form has no captcha', async () => {
      const captcha = createLocalCaptchaProvider('tok');
      const transport = fakeTransport();
      const flow = createSubmissionFlow({
        form: formSchema.parse(baseForm),
        kind: 'form',
        transport,
        captcha,
      });
      await flow.submit({ input: validInput, page });
      expect(captcha.requests).toEqual([]);
      expect(transport.saved[0]).not.toHaveProperty('captchaKey');
    });
  });

  describe('transport failures', () => {
    it.each([
      [
        'a key fetch that throws',
        fakeTransport({ status: 200 }, new Error('offline')),
        'Could not get a form submission key, please try again later.',
      ],
      [
        'an empty key',
        fakeTransport({ status: 200 }, ''),
        'Could not get a form submission key, please try again later.',
      ],
      [
        'a save that throws',
        fakeTransport(new Error('offline')),
        'Error processing form submission. Please reload and try again.',
      ],
      ['status 401', fakeTransport({ status: 401 }), 'Unable to submit form. Please try again later.'],
      ['status 404', fakeTransport({ status: 404 }), 'This form has not been configured yet.'],
      [
        'status 429',
        fakeTransport({ status: 429 }),
        'Unable to submit form. Submission rate limit exceeded. Please try again later.',
      ],
      ['status 500', fakeTransport({ status: 500 }), 'Unable to send form. Please try again later.'],
      ['data.error', fakeTransport({ status: 403, data: { error: 'Blocked.' } }), 'Blocked.'],
      ['an unknown answer', fakeTransport({ status: 502 }), 'Unknown error, please try again later.'],
    ])('%s -> %s', async (_name, transport, message) => {
      const flow = createSubmissionFlow({ form: formSchema.parse(baseForm), kind: 'form', transport });
      expect(await flow.submit({ input: validInput, page })).toEqual({
        status: 'failure',
        failure: { fieldErrors: {}, message, captchaFailed: false },
      });
    });

    it('shows server field errors from a 400', async () => {
      const transport = fakeTransport({ status: 400, data: { errors: { email: 'Required' } } });
      const flow = createSubmissionFlow({ form: formSchema.parse(baseForm), kind: 'form', transport });
      expect(await flow.submit({ input: validInput, page })).toEqual({
        status: 'failure',
        failure: {
          fieldErrors: { email: 'Required' },
          message: 'One or more fields is invalid, please check your entries.',
          captchaFailed: false,
        },
      });
    });

    it('fails at collect when the page fields do not fit the payload schema', async () => {
      const transport = fakeTransport();
      const flow = createSubmissionFlow({ form: formSchema.parse(baseForm), kind: 'form', transport });
      const badPage = { ...page, contentSource: 'x' } as unknown as SubmissionPage;
      expect(await flow.submit({ input: validInput, page: badPage })).toMatchObject({
        status: 'failure',
        failure: { message: 'Could not parse the form fields, please check your entries.' },
      });
      expect(transport.saved).toEqual([]);
    });
  });

  describe('sign-up tracking', () => {
    it('tracks newsletter sign-ups only after saving', async () => {
      const trackSignUp = vi.fn();
      const form = formSchema.parse(baseForm);
      await createSubmissionFlow({
        form,
        kind: 'newsletter',
        transport: fakeTransport(),
        trackSignUp,
      }).submit({ input: validInput, page });
      await createSubmissionFlow({ form, kind: 'form', transport: fakeTransport(), trackSignUp }).submit({
        input: validInput,
        page,
      });
      await createSubmissionFlow({
        form,
        kind: 'newsletter',
        transport: fakeTransport({ status: 500 }),
        trackSignUp,
      }).submit({ input: validInput, page });
      expect(trackSignUp).toHaveBeenCalledTimes(1);
      expect(trackSignUp).toHaveBeenCalledWith(form);
    });

    it('still succeeds when the tracker throws', async () => {
      const flow = createSubmissionFlow({
        form: formSchema.parse(baseForm),
        kind: 'newsletter',
        transport: fakeTransport(),
        trackSignUp: () => {
          throw new Error('tracker down');
        },
      });
      expect((await flow.submit({ input: validInput, page })).status).toBe('success');
    });
  });

  it('stops notifying after unsubscribe', async () => {
    const flow = createSubmissionFlow({
      form: formSchema.parse(baseForm),
      kind: 'form',
      transport: fakeTransport(),
    });
    const listener = vi.fn();
    const unsubscribe = flow.subscribe(listener);
    unsubscribe();
    await flow.submit({ input: validInput, page });
    expect(listener).not.toHaveBeenCalled();
    expect(flow.getState().status).toBe('success');
  });
});
