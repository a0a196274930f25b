import { CheckoutSubmitError, type PaymentFieldsSlot } from '@site/ui';
import { useEffect, useRef, useState } from 'react';
import { storefrontMessages } from '../messages';
import { loadStripe, type StripeCheckout } from './stripe-script';

/** What GET /api/commerce/payment-config answers. */
export type CheckoutPaymentConfig = { provider: 'test' } | { provider: 'stripe'; publishableKey: string };

/** Stripe's Payment Element in the checkout's payment section: card, and wallets where available. */
function PaymentElementHost({ checkout, failed }: { checkout: StripeCheckout | undefined; failed: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!checkout || !host.current) return;
    const element = checkout.elements.create('payment', { layout: 'tabs' });
    element.mount(host.current);
    return () => element.destroy();
  }, [checkout]);
  if (failed) return <p role="alert">{storefrontMessages.paymentsDidNotLoad}</p>;
  return (
    <div className="sqs-checkout__payment-element" ref={host} aria-busy={checkout ? undefined : true}>
      {checkout ? null : <p>{storefrontMessages.loadingPayment}</p>}
    </div>
  );
}

/**
 * Loads Stripe.js for the site's publishable key and gives the checkout its payment fields; the
 * order is then paid by `confirm` with the PaymentIntent the server made for it.
 */
export function useStripeCheckout(
  config: CheckoutPaymentConfig | undefined,
  amountCents: number,
  currency: string,
): { slot: PaymentFieldsSlot | undefined; checkout: StripeCheckout | undefined } {
  const [checkout, setCheckout] = useState<StripeCheckout>();
  const [failed, setFailed] = useState(false);
  const publishableKey = config?.provider === 'stripe' ? config.publishableKey : undefined;
  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    loadStripe(document)
      .then((factory) => {
        if (!live) return;
        const stripe = factory(publishableKey);
        // Deferred intent: the fields show before the order (and its PaymentIntent) exists.
        const elements = stripe.elements({
          mode: 'payment',
          amount: Math.max(amountCents, 1),
          currency: currency.toLowerCase(),
        });
        setCheckout({ stripe, elements });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // The amount follows through `update` below; only a new key or currency needs a new Stripe.
  }, [publishableKey, currency]);
  useEffect(() => {
    if (amountCents > 0) checkout?.elements.update({ amount: amountCents });
  }, [checkout, amountCents]);
  if (!publishableKey) return { slot: undefined, checkout: undefined };
  return {
    checkout,
    slot: {
      render: () => <PaymentElementHost checkout={checkout} failed={failed} />,
      async collect() {
        if (!checkout) throw new CheckoutSubmitError(storefrontMessages.paymentsDidNotLoad);
        const { error } = await checkout.elements.submit();
        if (error) throw new CheckoutSubmitError(error.message ?? storefrontMessages.pleaseTryAgain);
        return { provider: 'stripe', token: 'payment-element' };
      },
    },
  };
}
