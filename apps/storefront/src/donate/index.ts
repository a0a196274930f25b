import { api, ApiError } from '../api';
import type { CheckoutPaymentConfig } from '../checkout/stripe-payment';
import { confirmStripePayment, loadStripe, type StripeCheckout } from '../checkout/stripe-script';
import { storefrontMessages } from '../messages';

// The API's path and answer (commerce-core DonationResponseSchema); the server checks everything.
const DONATIONS_URL = '/api/commerce/donations';
const NETWORK_MESSAGE = 'We could not reach the site. Check your connection and try again.';
const SESSION_MESSAGE = 'Your session expired. Reload the page and try again.';

interface DonationAnswer {
  redirectUrl: string;
  payment?: { provider: string; clientSecret: string; amountCents: number };
}

/**
 * The card fields of the site's processor, as at checkout: the test provider's own fields, or
 * Stripe's Payment Element (card, and wallets where available) paid with the donation's
 * PaymentIntent. Undefined `stripe` means the test fields.
 */
async function paymentFields(form: HTMLFormElement): Promise<{ stripe?: StripeCheckout }> {
  const show = (which: string) => {
    const fields = form.querySelector<HTMLElement>(`[data-payment-fields="${which}"]`);
    if (fields) fields.hidden = false;
    return fields;
  };
  const config = await api<CheckoutPaymentConfig>('GET', '/api/commerce/payment-config');
  if (config.provider !== 'stripe') {
    show('test');
    return {};
  }
  const host = show('stripe')?.querySelector<HTMLElement>('[data-stripe-host]');
  if (!host) return {};
  host.textContent = storefrontMessages.loadingPayment;
  const factory = await loadStripe(form.ownerDocument);
  const stripe = factory(config.publishableKey);
  // Deferred intent: the fields show before the donation (and its PaymentIntent) exists; the
  // amount is the donation's once the server has read it.
  const elements = stripe.elements({
    mode: 'payment',
    amount: 100,
    currency: (form.dataset.currency ?? 'USD').toLowerCase(),
  });
  elements.create('payment', { layout: 'tabs' }).mount(host);
  return { stripe: { stripe, elements } };
}

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

  // Paying through Stripe: its fields check themselves, then its PaymentIntent is confirmed here.
  const donate = async (stripe: StripeCheckout | undefined) => {
    if (stripe) {
      const { error } = await stripe.elements.submit();
      if (error) return showErrors({}, error.message ?? storefrontMessages.pleaseTryAgain);
    }
    const chosen = choices.find((c) => c.checked)?.value ?? '';
    const body = {
      blockId: form.dataset.blockId ?? '',
      amount: custom?.value.trim() ? custom.value : chosen,
      name: value('name'),
      email: value('email'),
      payment: stripe
        ? { provider: 'stripe' }
        : { provider: 'test', cardNumber: value('cardNumber'), expiry: value('expiry'), cvc: value('cvc') },
    };
    const answer = await api<DonationAnswer>('POST', DONATIONS_URL, body);
    if (!answer.payment || !stripe) {
      window.location.assign(answer.redirectUrl);
      return 'leaving';
    }
    stripe.elements.update({ amount: answer.payment.amountCents });
    // Resolves only when the payment failed: a paid donation leaves for the return address.
    showErrors({}, await confirmStripePayment(stripe, answer.payment.clientSecret, answer.redirectUrl));
  };

  paymentFields(form).then(
    ({ stripe }) => {
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        if (submit.disabled) return;
        clearErrors();
        submit.disabled = true;
        submit.setAttribute('aria-busy', 'true');
        donate(stripe)
          .catch((err: unknown) => {
            if (!(err instanceof ApiError) || err.status === 0) return showErrors({}, NETWORK_MESSAGE);
            showErrors(err.fieldErrors, err.crumbFail ? SESSION_MESSAGE : err.message);
          })
          .then((outcome) => {
            // Leaving for the confirmation: the button stays busy so a second click sends nothing.
            if (outcome === 'leaving') return;
            submit.disabled = false;
            submit.removeAttribute('aria-busy');
          });
      });
      form.dataset.enhanced = 'true';
    },
    // No way to pay: say so where the card would be, and keep the form from sending.
    () => {
      submit.disabled = true;
      showErrors({}, storefrontMessages.paymentsDidNotLoad);
    },
  );
}
