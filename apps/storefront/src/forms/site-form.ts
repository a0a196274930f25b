import {
  characterCount,
  createLocalCaptchaProvider,
  createSubmissionFlow,
  formSchema,
  formSubmissionKeyResponseSchema,
  isSubmitLocked,
  parseCounterMax,
  messages,
  submitButtonLabel,
  type CaptchaProvider,
  type Form,
  type FormSubmission,
  type RawFormInput,
  type SaveResponse,
  type SubmissionState,
  type SubmissionTransport,
} from '@site/forms';
import type { PageContext } from '../page-context';
import { mountScriptCaptcha } from './captcha-script';
import { scrollToField } from '../scroll/scroll-to';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

// Crumb failures reuse the storefront's session texts (storefront.md §8); the form messages have none.
const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';
const ENABLE_COOKIES = 'Please enable cookies in your browser, reload the page, and try again.';

declare global {
  interface Window {
    /** A real bot-check script registers its provider here; without one the local stand-in is used. */
    siteCaptchaProvider?: CaptchaProvider;
  }
}

function readCookie(doc: Document, name: string): string | undefined {
  for (const part of doc.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const fieldsNamed = (form: HTMLFormElement, name: string): FieldElement[] =>
  Array.from(form.elements).filter(
    (el): el is FieldElement =>
      (el instanceof HTMLInputElement ||
        el instanceof HTMLSelectElement ||
        el instanceof HTMLTextAreaElement) &&
      el.name === name,
  );

const isChoice = (el: FieldElement): el is HTMLInputElement =>
  el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');

/**
 * The page's raw input in the neutral shape @site/forms collects from: field id → part values in
 * display order; checkboxes and radios list only what is checked; a likert field one answer per
 * statement (its radios are named `<id>-<n>`, n from 1).
 */
export function readRawInput(formEl: HTMLFormElement, form: Form): RawFormInput {
  const input: Record<string, string[]> = {};
  for (const field of form.fields) {
    if (field.type === 'section' || field.type === 'hidden') continue;
    if (field.type === 'likert') {
      input[field.id] = field.options.map(
        (_, i) =>
          fieldsNamed(formEl, `${field.id}-${i + 1}`).find((el) => isChoice(el) && el.checked)?.value ?? '',
      );
      continue;
    }
    input[field.id] = fieldsNamed(formEl, field.id)
      .filter((el) => !isChoice(el) || el.checked)
      .map((el) => el.value);
  }
  return input;
}

/** Adds the "count / max" line under each text area that declares a maximum (once per element). */
export function addCharacterCounters(root: ParentNode): void {
  for (const el of Array.from(
    root.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>('[data-max-length]'),
  )) {
    if (el.dataset.counterAdded) continue;
    const max = parseCounterMax(el.dataset.maxLength);
    if (characterCount('', max) === null) continue;
    el.dataset.counterAdded = 'true';
    const counter = el.ownerDocument.createElement('p');
    counter.className = 'char-counter';
    counter.setAttribute('aria-live', 'polite');
    counter.id = `${el.id || el.name}-counter`;
    el.setAttribute(
      'aria-describedby',
      [el.getAttribute('aria-describedby'), counter.id].filter(Boolean).join(' '),
    );
    el.insertAdjacentElement('afterend', counter);
    const update = () => {
      const count = characterCount(el.value, max);
      if (!count) return;
      counter.textContent = count.label;
      // Typing is never blocked; going over is only flagged.
      counter.classList.toggle('over-limit', count.overLimit);
    };
    el.addEventListener('input', update);
    update();
  }
}

/** Posts JSON with the crumb header; the answer as status and parsed body. */
async function postJson(
  doc: Document,
  url: string,
  body: unknown,
): Promise<SaveResponse & { crumbFail: boolean }> {
  const crumb = readCookie(doc, 'crumb');
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(crumb ? { 'x-csrf-token': crumb } : {}),
    },
    body: JSON.stringify(body),
  });
  const data: unknown = await res.json().catch(() => undefined);
  const crumbFail =
    typeof data === 'object' && data !== null && (data as { crumbFail?: unknown }).crumbFail === true;
  return { status: res.status, data, crumbFail };
}

export function createFetchTransport(doc: Document, formId: string): SubmissionTransport {
  return {
    async fetchFormKey() {
      const res = await postJson(doc, '/api/form/FormSubmissionKey', {});
      const parsed = formSubmissionKeyResponseSchema.safeParse(
        (res.data as { data?: unknown } | undefined)?.data,
      );
      if (res.status !== 200 || !parsed.success) throw new Error('no form key');
      return parsed.data.key;
    },
    async save(submission: FormSubmission) {
      const res = await postJson(doc, '/api/form/SaveFormSubmission', { ...submission, formId });
      if (res.crumbFail) {
        return {
          status: res.status,
          data: {
            error: doc.defaultView?.navigator.cookieEnabled === false ? ENABLE_COOKIES : SESSION_EXPIRED,
          },
        };
      }
      return { status: res.status, data: res.data };
    },
  };
}

/** Puts owner-authored HTML in place and runs its scripts, which innerHTML alone would not. */
function injectHtml(target: HTMLElement, html: string): void {
  target.insertAdjacentHTML('beforeend', html);
  for (const old of Array.from(target.querySelectorAll('script'))) {
    const script = target.ownerDocument.createElement('script');
    for (const attr of Array.from(old.attributes)) script.setAttribute(attr.name, attr.value);
    script.textContent = old.textContent;
    old.replaceWith(script);
  }
}

export interface MountOptions {
  transport?: SubmissionTransport;
  captcha?: CaptchaProvider;
  /** Where a success redirect goes; window.location.assign by default. */
  navigate?: (url: string) => void;
}

/** Wires one server-rendered form to the submission flow. Returns false when the markup is unusable. */
export function mountSiteForm(
  formEl: HTMLFormElement,
  context: Pick<PageContext, 'pageId' | 'itemId' | 'captchaSettings' | 'pagePermissionType'>,
  options: MountOptions = {},
): boolean {
  const doc = formEl.ownerDocument;
  const parsed = (() => {
    try {
      return formSchema.safeParse(JSON.parse(formEl.dataset.formModel ?? ''));
    } catch {
      return undefined;
    }
  })();
  if (!parsed?.success) return false;
  const form = parsed.data;
  const block = formEl.closest('[data-site-form-block]') ?? formEl.parentElement ?? formEl;
  const button = formEl.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idleLabel = button?.textContent ?? 'Submit';
  const formError = formEl.querySelector<HTMLElement>('.form-error');
  const successEl = block.querySelector<HTMLElement>('.form-submission-message');
  const siteKey = context.captchaSettings?.siteKey;
  const captcha = form.captchaEnabled
    ? (options.captcha ??
      doc.defaultView?.siteCaptchaProvider ??
      (siteKey ? mountScriptCaptcha(formEl, siteKey) : createLocalCaptchaProvider()))
    : undefined;

  const flow = createSubmissionFlow({
    form,
    kind: 'form',
    transport: options.transport ?? createFetchTransport(doc, form.id),
    ...(captcha ? { captcha } : {}),
  });

  const clearErrors = () => {
    for (const wrapper of Array.from(formEl.querySelectorAll<HTMLElement>('[data-field-id]'))) {
      wrapper.classList.remove('has-error');
      const message = wrapper.querySelector<HTMLElement>('.field-error');
      if (message) {
        message.textContent = '';
        message.hidden = true;
      }
      for (const el of fieldsNamed(formEl, wrapper.dataset.fieldId ?? '')) el.removeAttribute('aria-invalid');
    }
    if (formError) {
      formError.textContent = '';
      formError.hidden = true;
    }
  };

  const showFailure = (fieldErrors: Record<string, string>, message: string) => {
    let first: { wrapper: HTMLElement; input: FieldElement | undefined } | undefined;
    for (const wrapper of Array.from(formEl.querySelectorAll<HTMLElement>('[data-field-id]'))) {
      const error = fieldErrors[wrapper.dataset.fieldId ?? ''];
      if (!error) continue;
      wrapper.classList.add('has-error');
      const slot = wrapper.querySelector<HTMLElement>('.field-error');
      if (slot) {
        slot.textContent = error;
        slot.hidden = false;
      }
      const inputs = Array.from(wrapper.querySelectorAll<FieldElement>('input, select, textarea'));
      for (const el of inputs) el.setAttribute('aria-invalid', 'true');
      first ??= { wrapper, input: inputs[0] };
    }
    if (formError) {
      // The fields in error sit above this line (the spec's wording would say "scroll down"), so
      // the hint points up to them, where focus has gone.
      const hint = Object.keys(fieldErrors).length > 0 ? messages.reviewScrollUp : undefined;
      formError.textContent = [message, hint].filter(Boolean).join(' ');
      formError.hidden = false;
    }
    if (first) {
      // Focus without the browser's own jump, which leaves the field's message above the fold;
      // the field is scrolled to with its message in view instead.
      first.input?.focus({ preventScroll: true });
      const win = doc.defaultView;
      if (win) void scrollToField(first.wrapper, win);
    }
  };

  const render = (state: SubmissionState) => {
    if (button) {
      button.textContent = submitButtonLabel(state, idleLabel);
      button.disabled = isSubmitLocked(state);
    }
    formEl.setAttribute('aria-busy', String(isSubmitLocked(state)));
    if (state.status === 'submitting' && state.step === 'clear-errors') clearErrors();
    if (state.status === 'failure') {
      showFailure(state.failure.fieldErrors, state.failure.message);
      // After a failed bot check the widget was reset; the button waits until it is solved again.
      if (state.failure.captchaFailed && button && formEl.dataset.captchaBound === 'true')
        button.disabled = true;
    }
    if (state.status === 'success') {
      if (state.success.kind === 'redirect') {
        (options.navigate ?? ((url: string) => doc.defaultView?.location.assign(url)))(state.success.url);
        return;
      }
      // A sent form is emptied, so going back to it cannot send the same message twice.
      formEl.reset();
      formEl.hidden = true;
      if (successEl) {
        successEl.innerHTML = state.success.message;
        injectHtml(successEl, state.success.html);
        successEl.hidden = false;
        successEl.focus();
      }
    }
  };
  flow.subscribe(render);

  formEl.addEventListener('submit', (event) => {
    event.preventDefault();
    void flow.submit({
      input: readRawInput(formEl, form),
      page: {
        pageTitle: doc.title,
        pageId: context.pageId ?? '',
        contentSource: context.itemId ? 'i' : 'c',
        pagePath: doc.defaultView?.location.pathname ?? '/',
        pagePermissionTypeValue: context.pagePermissionType ?? 0,
      },
      queryString: doc.defaultView?.location.search ?? '',
    });
  });
  addCharacterCounters(formEl);
  formEl.dataset.enhanced = 'true';
  return true;
}
