import {
  createSubmissionFlow,
  formSchema,
  isSubmitLocked,
  submitButtonLabel,
  type SubmissionState,
  type SubmissionTransport,
} from '@site/forms';
import type { PageContext } from '../page-context';
import { mountScriptCaptcha } from './captcha-script';
import { createFetchTransport } from './site-form';

function readCookie(doc: Document, name: string): string | undefined {
  for (const part of doc.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The newsletter block as a form of one required email field, so it follows the storefront's
 * form rules (storefront.md §4, §5): the same validation, states, button label and messages.
 */
// The API's texts (page-content mailingMessages); the storefront bundle does not load that package.
const SUBSCRIBE_URL = '/api/newsletter/subscribe';
const THANKS = {
  confirmByEmail: 'Thank you! Please check your inbox to confirm your subscription.',
  subscribed: 'Thank you for subscribing!',
};

const newsletterForm = (doubleOptIn: boolean, captchaEnabled: boolean) =>
  formSchema.parse({
    id: 'newsletter',
    fields: [{ id: 'email', type: 'email', title: 'Email address', required: true }],
    parsedSubmissionMessage: doubleOptIn ? THANKS.confirmByEmail : THANKS.subscribed,
    captchaEnabled,
  });

function newsletterTransport(doc: Document, formEl: HTMLFormElement, pageId: string, blockId: string): SubmissionTransport {
  const field = (name: string) => formEl.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
  return {
    fetchFormKey: createFetchTransport(doc, 'newsletter').fetchFormKey,
    async save(submission) {
      const crumb = readCookie(doc, 'crumb');
      const res = await fetch(SUBSCRIBE_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(crumb ? { 'x-csrf-token': crumb } : {}) },
        body: JSON.stringify({
          pageId,
          blockId,
          email: field('email'),
          key: submission.key,
          website: field('website'),
          ...(submission.captchaKey ? { captchaKey: submission.captchaKey } : {}),
        }),
      });
      return { status: res.status, data: (await res.json().catch(() => undefined)) as unknown };
    },
  };
}

/**
 * Wires one server-rendered newsletter block to the submission flow and its sign-up call; with the
 * site's captcha on, the block asks the provider for a token like a captcha form does.
 */
export function mountNewsletter(block: HTMLElement, context: Pick<PageContext, 'pageId' | 'captchaSettings'>): void {
  const doc = block.ownerDocument;
  const formEl = block.querySelector<HTMLFormElement>('form.newsletter-form');
  const blockId = block.closest<HTMLElement>('[data-block-id]')?.dataset.blockId;
  if (!formEl || !blockId || !context.pageId) return;
  const input = formEl.querySelector<HTMLInputElement>('input[name="email"]');
  const button = formEl.querySelector<HTMLButtonElement>('button[type="submit"]');
  const errorEl = formEl.querySelector<HTMLElement>('.field-error');
  const successEl = block.querySelector<HTMLElement>('.form-submission-message');
  const idleLabel = button?.textContent ?? 'Sign up';
  const siteKey = context.captchaSettings?.siteKey;
  const form = newsletterForm(block.hasAttribute('data-double-opt-in'), Boolean(siteKey));
  const flow = createSubmissionFlow({
    form,
    kind: 'newsletter',
    transport: newsletterTransport(doc, formEl, context.pageId, blockId),
    ...(siteKey ? { captcha: mountScriptCaptcha(formEl, siteKey) } : {}),
  });

  const showError = (message: string) => {
    if (errorEl) {
      errorEl.textContent = message;
      errorEl.hidden = message === '';
    }
    input?.toggleAttribute('aria-invalid', message !== '');
  };
  flow.subscribe((state: SubmissionState) => {
    if (button) {
      button.textContent = submitButtonLabel(state, idleLabel);
      button.disabled = isSubmitLocked(state);
    }
    formEl.setAttribute('aria-busy', String(isSubmitLocked(state)));
    if (state.status === 'submitting' && state.step === 'clear-errors') showError('');
    if (state.status === 'failure') {
      showError(state.failure.fieldErrors.email ?? state.failure.message);
      input?.focus();
    }
    if (state.status === 'success' && state.success.kind === 'message') {
      formEl.hidden = true;
      if (successEl) {
        successEl.textContent = state.success.message;
        successEl.hidden = false;
        successEl.focus();
      }
    }
  });

  formEl.addEventListener('submit', (event) => {
    event.preventDefault();
    void flow.submit({
      input: { email: [input?.value ?? ''] },
      page: { pageTitle: doc.title, pageId: context.pageId ?? '', contentSource: 'c', pagePath: doc.defaultView?.location.pathname ?? '/', pagePermissionTypeValue: 0 },
    });
  });
}
