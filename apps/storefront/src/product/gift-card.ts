import {
  fillMessage,
  formatMinorWithSymbol,
  isCurrencyCode,
  messages as commerceMessages,
} from '@site/commerce-core';
import { ApiError, api } from '../api';
import { storefrontMessages } from '../messages';

const RECIPIENT_FIELDS = ['recipientName', 'recipientEmail', 'senderName', 'message', 'sendDate'] as const;

/** What the gift-card block's recipient fields hold, as typed. */
export function readRecipient(block: Element): Record<(typeof RECIPIENT_FIELDS)[number], string> {
  const out = {} as Record<(typeof RECIPIENT_FIELDS)[number], string>;
  for (const name of RECIPIENT_FIELDS) {
    const input = block.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      `[data-gift-card-recipient] [name="${name}"]`,
    );
    out[name] = input?.value ?? '';
  }
  return out;
}

/**
 * Marks the recipient fields the server refused (aria-invalid, with the message as the field's
 * description) and clears the others; the alert shows the first message.
 */
export function markRecipientErrors(block: Element, fieldErrors: Record<string, string>): void {
  for (const name of RECIPIENT_FIELDS) {
    const input = block.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      `[data-gift-card-recipient] [name="${name}"]`,
    );
    if (!input) continue;
    const message = fieldErrors[name];
    const errorId = `gift-card-${name}-error`;
    input.ownerDocument.getElementById(errorId)?.remove();
    if (!message) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      continue;
    }
    // Typing answers the error, as in the checkout form.
    input.addEventListener(
      'input',
      () => {
        input.ownerDocument.getElementById(errorId)?.remove();
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      },
      { once: true },
    );
    const note = input.ownerDocument.createElement('span');
    note.id = errorId;
    note.className = 'gift-card-field__error';
    note.textContent = message;
    input.after(note);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', errorId);
  }
}

/** Creates the gift card's own cart; the caller navigates to its checkout. */
export async function startGiftCardPurchase(block: Element, itemId: string, sku: string): Promise<string> {
  try {
    const { cartToken } = await api<{ cartToken: string }>('POST', '/api/commerce/cart/gift-card', {
      itemId,
      sku,
      ...readRecipient(block),
    });
    markRecipientErrors(block, {});
    return `/checkout?cartToken=${encodeURIComponent(cartToken)}`;
  } catch (err) {
    if (err instanceof ApiError) markRecipientErrors(block, err.fieldErrors);
    throw err;
  }
}

/** The balance form under a gift card's description. */
export function enhanceGiftCardBalance(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('[data-gift-card-balance]')) {
    const result = form.querySelector<HTMLElement>('.gift-card-balance__result');
    const input = form.querySelector<HTMLInputElement>('[name="code"]');
    if (!result || !input) continue;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const code = input.value.trim();
      if (!code) {
        result.textContent = commerceMessages.giftCardCodeUnknown;
        return;
      }
      result.textContent = storefrontMessages.checking;
      api<{ balanceCents: number; currency: string }>('POST', '/api/commerce/gift-cards/balance', { code })
        .then(({ balanceCents, currency }) => {
          const amount = isCurrencyCode(currency)
            ? formatMinorWithSymbol(BigInt(balanceCents), currency)
            : String(balanceCents / 100);
          result.textContent = fillMessage(commerceMessages.giftCardBalance, { amount });
        })
        .catch((err: unknown) => {
          result.textContent =
            err instanceof ApiError && err.message ? err.message : storefrontMessages.pleaseTryAgain;
        });
    });
  }
}
