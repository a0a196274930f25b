import {
  formSchema,
  messages,
  type FormInput,
  type FormSubmission,
  type SubmissionTransport,
} from '@site/forms';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addCharacterCounters, mountSiteForm, readRawInput } from './site-form';

const MODEL: FormInput = {
  id: 'form-contact',
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'subject', type: 'select', title: 'Subject', required: true, options: ['Wholesale', 'Other'] },
    { id: 'interests', type: 'checkbox', title: 'Interests', required: true, options: ['Paper', 'Bags'] },
    { id: 'mood', type: 'likert', title: 'Mood', options: ['Fast', 'Clear'] },
    { id: 'message', type: 'textarea', title: 'Message', maxLength: 10 },
    { id: 'source', type: 'hidden', key: 'utm_source', value: 'direct' },
  ],
  parsedSubmissionMessage: '<p>Thanks!</p>',
  submissionHTML: '<p class="extra">More</p><script>window.__submissionScriptRan = true;</script>',
};

// The markup contact.html renders for MODEL, reduced to what the enhancer reads.
function render(model: FormInput = MODEL): HTMLFormElement {
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  document.body.innerHTML = `
    <div data-site-form-block>
      <form data-site-form data-form-id="form-contact" data-form-model="${attr(JSON.stringify(formSchema.parse(model)))}" novalidate>
        <div data-field-id="name"><p class="field-error" hidden></p><input name="name"><input name="name"></div>
        <div data-field-id="email"><p class="field-error" hidden></p><input id="field-email" name="email" type="email"></div>
        <div data-field-id="subject"><p class="field-error" hidden></p><select name="subject"><option value="">Select</option><option value="Wholesale">Wholesale</option></select></div>
        <div data-field-id="interests"><p class="field-error" hidden></p>
          <input type="checkbox" name="interests" value="Paper"><input type="checkbox" name="interests" value="Bags"></div>
        <div data-field-id="mood"><p class="field-error" hidden></p>
          <input type="radio" name="mood-1" value="-2"><input type="radio" name="mood-1" value="1">
          <input type="radio" name="mood-2" value="0"></div>
        <div data-field-id="message"><p class="field-error" hidden></p><textarea id="field-message" name="message" data-max-length="10"></textarea></div>
        <p class="form-error" hidden></p>
        <button type="submit">Send message</button>
      </form>
      <div class="form-submission-message" tabindex="-1" hidden></div>
    </div>`;
  return document.querySelector('form')!;
}

const set = (form: HTMLFormElement, selector: string, value: string) => {
  const el = form.querySelector<HTMLInputElement>(selector)!;
  el.value = value;
  el.dispatchEvent(new Event('input'));
};
const check = (form: HTMLFormElement, selector: string) => {
  form.querySelector<HTMLInputElement>(selector)!.checked = true;
};
function fillValid(form: HTMLFormElement): void {
  const [first, last] = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="name"]'));
  first!.value = 'Ada';
  last!.value = 'Lovelace';
  set(form, 'input[name="email"]', 'ada@example.com');
  form.querySelector<HTMLSelectElement>('select')!.value = 'Wholesale';
  check(form, 'input[value="Bags"]');
}

const fakeTransport = (answer: { status: number; data?: unknown }) => {
  const saved: FormSubmission[] = [];
  const transport: SubmissionTransport = {
    fetchFormKey: vi.fn(async () => 'key-1'),
    save: vi.fn(async (submission: FormSubmission) => (saved.push(submission), answer)),
  };
  return { transport, saved };
};
const submit = async (form: HTMLFormElement) => {
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'));
};

describe('site form enhancer', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('reads raw input per field: parts in order, only checked choices, one answer per likert statement', () => {
    const form = render();
    fillValid(form);
    check(form, 'input[name="mood-1"][value="1"]');
    expect(readRawInput(form, formSchema.parse(MODEL))).toEqual({
      name: ['Ada', 'Lovelace'],
      email: ['ada@example.com'],
      subject: ['Wholesale'],
      interests: ['Bags'],
      mood: ['1', ''],
      message: [''],
    });
  });

  it('adds one counter per text area, flags going over and never blocks typing', () => {
    const form = render();
    addCharacterCounters(form);
    addCharacterCounters(form);
    const counters = form.querySelectorAll('.char-counter');
    expect(counters).toHaveLength(1);
    expect(counters[0]!.textContent).toBe('0 / 10');
    set(form, 'textarea', 'x'.repeat(12));
    expect(counters[0]!.textContent).toBe('12 / 10');
    expect(counters[0]!.classList.contains('over-limit')).toBe(true);
    expect(form.querySelector('textarea')!.value).toHaveLength(12);
  });

  it('shows client messages above each field and the form-level line without calling the server', async () => {
    const form = render();
    const { transport } = fakeTransport({ status: 200 });
    mountSiteForm(form, { pageId: 'page-contact', itemId: null }, { transport });
    set(form, 'input[name="email"]', 'ada@');
    set(form, 'textarea', 'x'.repeat(11));
    await submit(form);
    const error = (id: string) => form.querySelector(`[data-field-id="${id}"] .field-error`)!;
    expect(error('name').textContent).toBe(messages.required);
    expect(error('email').textContent).toBe(messages.emailInvalid);
    expect(error('subject').textContent).toBe(messages.required);
    expect(error('interests').textContent).toBe(messages.required);
    expect(error('message').textContent).toBe(messages.characterLimitExceeded);
    expect((error('mood') as HTMLElement).hidden).toBe(true);
    expect(form.querySelector('.form-error')!.textContent).toBe(
      `${messages.fieldsInvalid} ${messages.reviewScrollUp}`,
    );
    expect(form.querySelector('[data-field-id="email"] input')!.getAttribute('aria-invalid')).toBe('true');
    expect(transport.fetchFormKey).not.toHaveBeenCalled();
  });

  it('reads "Submitting…" while saving, then replaces the form with the message and runs its scripts', async () => {
    const form = render();
    let release!: (value: { status: number }) => void;
    const transport: SubmissionTransport = {
      fetchFormKey: async () => 'key-1',
      save: vi.fn(() => new Promise<{ status: number }>((resolve) => (release = resolve))),
    };
    mountSiteForm(form, { pageId: 'page-contact', itemId: null }, { transport });
    fillValid(form);
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    const button = form.querySelector('button')!;
    await vi.waitFor(() => expect(transport.save).toHaveBeenCalled());
    expect(button.textContent).toBe(messages.submitting);
    expect(button.disabled).toBe(true);
    release({ status: 200 });
    await vi.waitFor(() => expect(form.hidden).toBe(true));
    // Emptied, so the visitor going back to it cannot send the same message twice.
    expect(form.querySelector<HTMLInputElement>('[data-field-id="email"] input')!.value).toBe('');
    const message = document.querySelector<HTMLElement>('.form-submission-message')!;
    expect(message.hidden).toBe(false);
    expect(message.querySelector('p')!.textContent).toBe('Thanks!');
    expect(message.querySelector('.extra')).not.toBeNull();
    expect(message.querySelector('script')!.textContent).toContain('__submissionScriptRan');
    const [submission] = vi.mocked(transport.save).mock.calls[0]!;
    expect(submission).toMatchObject({
      key: 'key-1',
      pageId: 'page-contact',
      contentSource: 'c',
      form: { source: 'direct', interests: ['Bags'] },
    });
  });

  it('shows server field errors and unlocks the button', async () => {
    const form = render();
    const { transport } = fakeTransport({ status: 400, data: { errors: { email: 'Taken' } } });
    mountSiteForm(form, { pageId: 'p', itemId: 'item-1' }, { transport });
    fillValid(form);
    await submit(form);
    expect(form.querySelector('[data-field-id="email"] .field-error')!.textContent).toBe('Taken');
    const button = form.querySelector('button')!;
    expect(button.textContent).toBe('Send message');
    expect(button.disabled).toBe(false);
    expect(vi.mocked(transport.save).mock.calls[0]![0].contentSource).toBe('i');
  });

  it.each([
    [404, undefined, messages.submitNotConfigured],
    [429, undefined, messages.submitRateLimited],
    [400, { error: messages.submitKeyUnavailable }, messages.submitKeyUnavailable],
  ])('shows the message for a %i answer', async (status, data, text) => {
    const form = render();
    mountSiteForm(
      form,
      { pageId: 'p', itemId: null },
      { transport: fakeTransport({ status, data }).transport },
    );
    fillValid(form);
    await submit(form);
    expect(form.querySelector('.form-error')!.textContent).toBe(text);
    expect(form.hidden).toBe(false);
  });

  it('follows the success redirect when the form has one', async () => {
    const form = render({ ...MODEL, successRedirect: '/thanks' });
    const navigate = vi.fn();
    mountSiteForm(
      form,
      { pageId: 'p', itemId: null },
      { transport: fakeTransport({ status: 200 }).transport, navigate },
    );
    fillValid(form);
    await submit(form);
    expect(navigate).toHaveBeenCalledWith('/thanks');
  });

  it('asks the captcha provider for a token when the form has captcha on', async () => {
    const form = render({ ...MODEL, captchaEnabled: true });
    const captcha = { getToken: vi.fn(async () => 'tok'), reset: vi.fn() };
    const { transport, saved } = fakeTransport({ status: 200 });
    mountSiteForm(form, { pageId: 'p', itemId: null }, { transport, captcha });
    fillValid(form);
    await submit(form);
    expect(captcha.getToken).toHaveBeenCalledWith('FORM_BLOCK_SUBMISSION');
    expect(saved[0]!.captchaKey).toBe('tok');
  });

  it("loads the provider's script from the site key once, renders one widget above the button and sends its token", async () => {
    const form = render({ ...MODEL, captchaEnabled: true });
    const enterprise = {
      ready: (callback: () => void) => callback(),
      render: vi.fn(() => 7),
      execute: vi.fn(async () => 'real-token'),
      reset: vi.fn(),
    };
    const { transport, saved } = fakeTransport({ status: 200 });
    // The test page cannot fetch scripts: the one added is kept aside and "loads" on cue.
    const added: HTMLScriptElement[] = [];
    const append = vi
      .spyOn(document.head, 'append')
      .mockImplementation((...nodes) => void added.push(...(nodes as HTMLScriptElement[])));
    mountSiteForm(
      form,
      { pageId: 'p', itemId: null, captchaSettings: { siteKey: 'site-key-1' } },
      { transport },
    );
    expect(added).toEqual([]);
    // The first focus renders the widget; the script defines the provider's API when it loads.
    form
      .querySelector<HTMLInputElement>('input[name="email"]')!
      .dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    form
      .querySelector<HTMLInputElement>('input[name="email"]')!
      .dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(added.map((s) => s.src)).toEqual([
      'https://www.google.com/recaptcha/enterprise.js?render=explicit',
    ]);
    window.grecaptcha = { enterprise };
    added[0]!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(enterprise.render).toHaveBeenCalledTimes(1));
    const container = form.querySelector('.form-captcha')!;
    expect(container.nextElementSibling?.matches('button[type="submit"]')).toBe(true);
    expect(enterprise.render.mock.calls[0]).toEqual([container, { sitekey: 'site-key-1', size: 'compact' }]);
    fillValid(form);
    await submit(form);
    expect(enterprise.execute).toHaveBeenCalledWith(7, { action: 'FORM_BLOCK_SUBMISSION' });
    expect(saved[0]!.captchaKey).toBe('real-token');
    expect(enterprise.render).toHaveBeenCalledTimes(1);
    expect(added).toHaveLength(1);
    append.mockRestore();
    delete window.grecaptcha;
  });

  it('leaves a form with a broken model alone', () => {
    const form = render();
    form.dataset.formModel = '{broken';
    expect(mountSiteForm(form, { pageId: 'p', itemId: null })).toBe(false);
  });
});
