import { storefrontMessages } from '../messages';

/**
 * Stripe.js, loaded from Stripe's own address as its terms require (never bundled), and only on
 * the checkout (and donate page) of a site that has Stripe keys. The types cover the calls made.
 * Kept free of React: the donate page's script uses it too.
 */
export const STRIPE_SCRIPT_URL = 'https://js.stripe.com/v3/';

export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
  submit(): Promise<{ error?: { message?: string } }>;
  update(options: Record<string, unknown>): void;
}

export interface StripeApi {
  elements(options: Record<string, unknown>): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    clientSecret: string;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { type?: string; message?: string } }>;
}

type StripeFactory = (publishableKey: string) => StripeApi;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let load: Promise<StripeFactory> | undefined;

/** Adds the script once per page; rejects when it is blocked or offline, so the checkout can say so. */
export function loadStripe(doc: Document, src = STRIPE_SCRIPT_URL): Promise<StripeFactory> {
  const ready = doc.defaultView?.Stripe;
  if (ready) return Promise.resolve(ready);
  load ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      const factory = doc.defaultView?.Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js defined no Stripe'));
    });
    script.addEventListener('error', () => {
      load = undefined;
      script.remove();
      reject(new Error(`Stripe.js did not load (${src})`));
    });
    doc.head.append(script);
  });
  return load;
}

/** Stripe.js for the site's key with the Elements its payment fields come from. */
export interface StripeCheckout {
  stripe: StripeApi;
  elements: StripeElements;
}

/**
 * Pays what the server placed (an order, a donation) in the browser, 3-D Secure included; Stripe
 * sends the payer to `returnPath` once paid. Resolves only with the error to show: success leaves.
 */
export async function confirmStripePayment(
  checkout: StripeCheckout,
  clientSecret: string,
  returnPath: string,
): Promise<string> {
  const { error } = await checkout.stripe.confirmPayment({
    elements: checkout.elements,
    clientSecret,
    confirmParams: { return_url: new URL(returnPath, window.location.href).toString() },
  });
  return error?.message ?? storefrontMessages.pleaseTryAgain;
}
