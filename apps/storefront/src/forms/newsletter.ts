import {
  CAPTCHA_ACTIONS,
  createSubmissionFlow,
  formSchema,
  isSubmitLocked,
  submitButtonLabel,
  type CaptchaAction,
  type SubmissionState,
  type SubmissionTransport,
} from '@site/forms';
import type { PageContext } from '../page-context';
import { mountScriptCaptcha } from './captcha-script';
import { createFetchTransport } from './site-form';
import { trackNewsletterSignUp } from '../tracking';

function readCookie(doc: Document, name: string): string | undefined {
  for (const part of doc.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

// The API's paths and texts (page-content MAILING_API, mailingMessages); the storefront bundle does not load that package.
const SUBSCRIBE_URL = '/api/newsletter/subscribe';
const POPUP_SUBSCRIBE_URL = '/api/newsletter/popup-subscribe';
const THANKS = {
  confirmByEmail: 'Thank you! Please check your inbox to confirm your subscription.',
  subscribed: 'Thank you for subscribing!',
};

/**
 * A sign-up as a form of one required email field, so it follows the storefront's form rules
 * (storefront.md §4, §5): the same validation, states, button label and messages.
 */
const newsletterForm = (doubleOptIn: boolean, captchaEnabled: boolean) =>
  formSchema.parse({
    id: 'newsletter',
    fields: [{ id: 'email', type: 'email', title: 'Email address', required: true }],
    parsedSubmissionMessage: doubleOptIn ? THANKS.confirmByEmail : THANKS.subscribed,
    captchaEnabled,
  });

/** The sign-up call: the visitor's email and the flow's key and token, plus what names the list. */
function signUpTransport(
  doc: Document,
  formEl: HTMLFormElement,
  url: string,
  target: Record<string, string>,
): SubmissionTransport {
  const field = (name: string) =>
    formEl.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
  return {
    fetchFormKey: createFetchTransport(doc, 'newsletter').fetchFormKey,
    async save(submission) {
      const crumb = readCookie(doc, 'crumb');
      const res = await fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(crumb ? { 'x-csrf-token': crumb } : {}),
        },
        body: JSON.stringify({
          ...target,
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
export function mountNewsletter(
  block: HTMLElement,
  context: Pick<PageContext, 'pageId' | 'captchaSettings' | 'pagePermissionType'>,
): void {
  const formEl = block.querySelector<HTMLFormElement>('form.newsletter-form');
  const blockId = block.closest<HTMLElement>('[data-block-id]')?.dataset.blockId;
  const pageId = context.pageId;
  if (!formEl || !blockId || !pageId) return;
  mountSignUpForm(block, formEl, context, {
    url: SUBSCRIBE_URL,
    target: { pageId, blockId },
    formId: blockId,
    doubleOptIn: block.hasAttribute('data-double-opt-in'),
    captchaAction: CAPTCHA_ACTIONS.newsletter,
  });
}

/** The promotional pop-up's sign-up: the list is the one its settings name, the token its own action. */
export function mountPopupSignUp(
  dialog: HTMLElement,
  formEl: HTMLFormElement,
  context: Pick<PageContext, 'pageId' | 'captchaSettings' | 'pagePermissionType'>,
  onSignedUp: () => void,
): void {
  mountSignUpForm(dialog, formEl, context, {
    url: POPUP_SUBSCRIBE_URL,
    target: {},
    formId: 'popup-overlay',
    doubleOptIn: formEl.hasAttribute('data-double-opt-in'),
    captchaAction: CAPTCHA_ACTIONS.promoPopup,
    onSignedUp,
  });
}

interface SignUpFormOptions {
  url: string;
  /** What names the list to the server (the block), sent with every sign-up. */
  target: Record<string, string>;
  /** Names the form in its sign-up event: the block, or the pop-up. */
  formId: string;
  doubleOptIn: boolean;
  captchaAction: CaptchaAction;
  /** After the server saved the sign-up. */
  onSignedUp?: () => void;
}

/**
 * An email sign-up form (the newsletter block, the promotional pop-up) on the storefront's form
 * rules (storefront.md §4, §5): validation, states, button label and messages. With the site's
 * captcha on, its widget goes just above the button and the token for `captchaAction` is sent.
 * The thanks replace the form in `root`'s `.form-submission-message`.
 */
function mountSignUpForm(
  root: HTMLElement,
  formEl: HTMLFormElement,
  context: Pick<PageContext, 'pageId' | 'captchaSettings' | 'pagePermissionType'>,
  options: SignUpFormOptions,
): void {
  const doc = root.ownerDocument;
  const input = formEl.querySelector<HTMLInputElement>('input[name="email"]');
  const button = formEl.querySelector<HTMLButtonElement>('button[type="submit"]');
  const errorEl = formEl.querySelector<HTMLElement>('.field-error');
  const successEl = root.querySelector<HTMLElement>('.form-submission-message');
  const idleLabel = button?.textContent ?? 'Sign up';
  const siteKey = context.captchaSettings?.siteKey;
  const form = newsletterForm(options.doubleOptIn, Boolean(siteKey));
  const flow = createSubmissionFlow({
    form,
    kind: 'newsletter',
    transport: signUpTransport(doc, formEl, options.url, options.target),
    captchaAction: options.captchaAction,
    trackSignUp: () => trackNewsletterSignUp(options.formId),
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
      options.onSignedUp?.();
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
      page: {
        pageTitle: doc.title,
        pageId: context.pageId ?? '',
        contentSource: 'c',
        pagePath: doc.defaultView?.location.pathname ?? '/',
        pagePermissionTypeValue: context.pagePermissionType ?? 0,
      },
    });
  });
  formEl.dataset.enhanced = 'true';
}
