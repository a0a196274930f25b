import { api, ApiError } from '../api';
import { storefrontMessages as t } from '../messages';
import { memberApi, storeXsrfToken } from './member-session';
import { trackCompleteRegistration } from '../tracking';

type Values = Record<string, string | boolean>;

const fieldOf = (form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;

/** The field's error line: the described-by id that ends in -error. */
function errorLineOf(field: Element): HTMLElement | null {
  const id = (field.getAttribute('aria-describedby') ?? '').split(' ').find((i) => i.endsWith('-error'));
  return id ? field.ownerDocument.getElementById(id) : null;
}

function clearErrors(form: HTMLFormElement): void {
  for (const el of Array.from(form.querySelectorAll('[aria-invalid]'))) el.removeAttribute('aria-invalid');
  for (const el of Array.from(form.querySelectorAll<HTMLElement>('.field-error, .form-error'))) {
    el.hidden = true;
    el.textContent = '';
  }
}

/** Shows each message under its field and moves focus to the first one. */
function showFieldErrors(form: HTMLFormElement, errors: Record<string, string>): boolean {
  let first: HTMLElement | undefined;
  for (const [name, message] of Object.entries(errors)) {
    const field = fieldOf(form, name);
    const line = field && errorLineOf(field);
    if (!field || !line) continue;
    field.setAttribute('aria-invalid', 'true');
    line.textContent = message;
    line.hidden = false;
    first ??= field;
  }
  first?.focus();
  return first !== undefined;
}

function showFormError(form: HTMLFormElement, message: string): void {
  const line = form.querySelector<HTMLElement>('.form-error');
  if (!line) return;
  line.textContent = message;
  line.hidden = false;
  line.tabIndex = -1;
  line.focus();
}

function values(form: HTMLFormElement): Values {
  const out: Values = {};
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || !el.name) continue;
    out[el.name] = el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : el.value;
  }
  return out;
}

/** Empty required fields, in form order, with the text to show. */
function missing(form: HTMLFormElement, v: Values): Record<string, string> {
  const texts: Record<string, string> = {
    email: t.enterEmail,
    password: t.enterPassword,
    currentPassword: t.enterCurrentPassword,
    newPassword: t.enterPassword,
    consent: t.acceptTerms,
  };
  const out: Record<string, string> = {};
  for (const el of Array.from(form.querySelectorAll<HTMLInputElement>('[required]'))) {
    const value = v[el.name];
    if (value === '' || value === false) out[el.name] = texts[el.name] ?? t.enterPassword;
  }
  return out;
}

/** Replaces the form with the success text, focused so screen readers announce it. */
function showSuccess(form: HTMLFormElement, html: string): void {
  const box = form.parentElement?.querySelector<HTMLElement>('.account-success');
  if (!box) return;
  form.hidden = true;
  box.innerHTML = html;
  box.hidden = false;
  box.focus();
}

function showSaved(form: HTMLFormElement, text: string): void {
  const line = form.querySelector<HTMLElement>('.account-saved');
  if (line) line.textContent = text;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const signInLink = `<p><a class="button" href="/account/login">${escapeHtml(t.signIn)}</a></p>`;

const submitters: Record<string, (form: HTMLFormElement, v: Values) => Promise<void>> = {
  async login(form, v) {
    const { xsrfToken } = await api<{ xsrfToken: string }>('POST', '/api/site-users/account/session', {
      email: v.email,
      password: v.password,
      rememberMe: v.rememberMe === true,
    });
    storeXsrfToken(xsrfToken);
    window.location.assign(form.dataset.returnTo || '/account');
  },
  async create(form, v) {
    const res = await api<{ message: string }>('POST', '/api/site-users/account', {
      email: v.email,
      password: v.password,
      consent: v.consent === true,
      language: navigator.language || undefined,
    });
    trackCompleteRegistration();
    showSuccess(form, paragraph(res.message));
  },
  async forgot(form, v) {
    const res = await api<{ message: string }>('POST', '/api/site-users/account/password/forgot', {
      email: v.email,
    });
    showSuccess(form, paragraph(res.message));
  },
  async reset(form, v) {
    await api('POST', '/api/site-users/account/password/reset', {
      token: form.dataset.token ?? '',
      password: v.password,
    });
    storeXsrfToken(undefined);
    showSuccess(form, paragraph(t.passwordReset) + signInLink);
  },
  async password(form, v) {
    await memberApi('POST', '/api/site-users/account/password', {
      currentPassword: v.currentPassword,
      newPassword: v.newPassword,
    });
    form.reset();
    showSaved(form, t.passwordChanged);
  },
  async locale(form, v) {
    const { language } = await memberApi<{ language: string }>('POST', '/api/site-users/account/locale', {
      language: v.language,
    });
    form.ownerDocument.documentElement.lang = language;
    showSaved(form, t.languageSaved);
  },
};

/** The API's text, without the field path it puts before a payload problem ("token: …"). */
const apiText = (err: unknown) =>
  err instanceof ApiError && err.message ? err.message.replace(/^[\w.]+: /, '') : t.pleaseTryAgain;

function explain(form: HTMLFormElement, err: unknown): void {
  if (err instanceof ApiError && showFieldErrors(form, err.fieldErrors)) return;
  showFormError(form, apiText(err));
}

export function enhanceAccountForms(doc: Document): void {
  for (const form of Array.from(doc.querySelectorAll<HTMLFormElement>('form[data-account-form]'))) {
    const submit = submitters[form.dataset.accountForm ?? ''];
    if (!submit) continue;
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (button?.disabled) return;
      clearErrors(form);
      showSaved(form, '');
      const v = values(form);
      if (showFieldErrors(form, missing(form, v))) return;
      if (button) button.disabled = true;
      form.setAttribute('aria-busy', 'true');
      submit(form, v)
        .catch((err: unknown) => explain(form, err))
        .finally(() => {
          if (button) button.disabled = false;
          form.removeAttribute('aria-busy');
        });
    });
    // Until this runs a submit would only reload the page; the mark says the form now works.
    form.dataset.enhanced = 'true';
  }
}

/** /account/verify?token=…: posted by script, so a mail scanner opening the link does not spend it. */
export function verifyFromLink(doc: Document): void {
  const box = doc.querySelector<HTMLElement>('[data-account-verify]');
  if (!box) return;
  api('POST', '/api/site-users/account/verify', { token: box.dataset.token ?? '' })
    .then(() => {
      box.innerHTML =
        paragraph(t.emailVerified) +
        // Membership confirmed (208): signed in, it shows the membership; signed out, it asks for sign-in first.
        `<p><a class="button" href="/account/membership-confirmed">${escapeHtml(t.continueToMembership)}</a></p>`;
    })
    .catch((err: unknown) => {
      box.innerHTML = paragraph(apiText(err));
      box.classList.add('account-status--error');
    })
    .finally(() => box.focus());
}
