import { api, ApiError } from '../api';

// The API's path and answer (commerce-core DonationResponseSchema); the server checks everything.
const DONATIONS_URL = '/api/commerce/donations';
const NETWORK_MESSAGE = 'We could not reach the site. Check your connection and try again.';
const SESSION_MESSAGE = 'Your session expired. Reload the page and try again.';

/**
 * The donate page's form (page type 203, rendered by apps/api/src/donations/donate-pages.ts): the
 * chosen amount (a suggestion, or what the donor typed, which wins) with the donor and card, sent
 * as one call; the server's messages go beside their fields; paid, the donor goes on to 204.
 */
export function enhanceDonateForm(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('[data-donate-form]');
  if (!form) return;
  const custom = form.querySelector<HTMLInputElement>('input[name="customAmount"]');
  const choices = [...form.querySelectorAll<HTMLInputElement>('input[name="choice"]')];
  // Typing an amount of one's own sets the suggestions aside, and picking one clears the typing.
  custom?.addEventListener('input', () => {
    if (custom.value.trim()) for (const c of choices) c.checked = false;
  });
  for (const c of choices) c.addEventListener('change', () => custom && (custom.value = ''));

  const value = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value ?? '';
  const formError = form.querySelector<HTMLElement>('.form-error')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;

  const clearErrors = () => {
    formError.hidden = true;
    for (const el of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
      el.hidden = true;
      el.textContent = '';
    }
    for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  };
  const showErrors = (fieldErrors: Record<string, string>, message: string) => {
    let first: HTMLElement | undefined;
    for (const [field, text] of Object.entries(fieldErrors)) {
      const slot = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(field)}"]`);
      if (!slot) continue;
      slot.textContent = text;
      slot.hidden = false;
      const input =
        field === 'amount'
          ? (custom ?? choices[0])
          : form.querySelector<HTMLInputElement>(`[name="${CSS.escape(field)}"]`);
      input?.setAttribute('aria-invalid', 'true');
      first ??= input ?? undefined;
    }
    if (first) first.focus();
    else {
      formError.textContent = message;
      formError.hidden = false;
      formError.focus();
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    clearErrors();
    const chosen = choices.find((c) => c.checked)?.value ?? '';
    const body = {
      blockId: form.dataset.blockId ?? '',
      amount: custom?.value.trim() ? custom.value : chosen,
      name: value('name'),
      email: value('email'),
      payment: {
        provider: 'test',
        cardNumber: value('cardNumber'),
        expiry: value('expiry'),
        cvc: value('cvc'),
      },
    };
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    api<{ redirectUrl: string }>('POST', DONATIONS_URL, body)
      .then(({ redirectUrl }) => window.location.assign(redirectUrl))
      .catch((err: unknown) => {
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
        if (!(err instanceof ApiError) || err.status === 0) return showErrors({}, NETWORK_MESSAGE);
        showErrors(err.fieldErrors, err.crumbFail ? SESSION_MESSAGE : err.message);
      });
  });
  form.dataset.enhanced = 'true';
}
