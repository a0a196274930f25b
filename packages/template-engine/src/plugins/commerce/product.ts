/** Product markup formatters: add-to-cart button, quantity input, variant selects, marks, notices. */
import {
  QUANTITY_DEFAULT,
  QUANTITY_INPUT_SIZE,
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUANTITY_STEP,
  addButtonLabel,
  field,
  fillMessage,
  flag,
  list,
  merchandisingFor,
  messages,
  productMark,
  productTypeOf,
  ProductType,
  scarcityNotices,
  showsQuantityInput,
  soldOutText,
  str,
  usesFormMode,
  variantDescriptor,
  variantOptions,
} from '@site/commerce-core';
import type { Formatter, RenderContext } from '../types';
import { escapeAttrKeepAmp, escapeHtml, json, localizedPath, printValue } from './html';

function localized(ctx: RenderContext, key: string): string {
  return str(ctx.resolve(localizedPath(key)));
}

/*
 * The leading newlines below reproduce the published markup byte for byte (its templates declare
 * variables on their first lines), so pages rendered here and by the reference engine match.
 */
const BUTTON_LEAD = '\n'.repeat(13);
const QUANTITY_LEAD = '\n\n\n';
const VARIANTS_LEAD = '\n  \n  \n  \n  \n\n  ';
const RESTOCK_LEAD = '\n'.repeat(6);

const SCOPED_FIELDS = ['structuredContent', 'id', 'collectionId'] as const;

/**
 * The item as the reference engine's built-in product templates see it: they run scoped into the
 * item, so a field it lacks is looked up in the enclosing scopes. Copies only when one is missing.
 */
function scopedItem(item: unknown, ctx: RenderContext): unknown {
  let out: Record<string, unknown> | null = null;
  for (const key of SCOPED_FIELDS) {
    if (field(item, key) !== undefined) continue;
    const found = ctx.resolve(key);
    if (found === undefined) continue;
    out ??= item !== null && typeof item === 'object' && !Array.isArray(item) ? { ...item } : {};
    out[key] = found;
  }
  return out ?? item;
}

const addToCartButton: Formatter = (value, _args, ctx) => {
  const item = scopedItem(value, ctx);
  const content = field(item, 'structuredContent');
  const formMode = usesFormMode(item);
  const subscribable = field(content, 'isSubscribable');
  const label = addButtonLabel(item, {
    addToCart: localized(ctx, 'productAddToCartText'),
    subscribe: localized(ctx, 'productSubscribeText'),
  });
  const options = list(field(content, 'productSubscriptionOptions'));
  let out =
    BUTTON_LEAD +
    '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ' +
    (formMode ? 'use-form' : '') +
    '" role="button" tabindex="0" data-dynamic-strings data-collection-id="' +
    escapeHtml(printValue(field(item, 'collectionId'))) +
    '" data-item-id="' +
    escapeHtml(printValue(field(item, 'id'))) +
    '" data-product-type="' +
    escapeHtml(printValue(field(content, 'productType'))) +
    '" data-use-custom-label="' +
    escapeHtml(printValue(field(content, 'useCustomAddButtonText'))) +
    '" ';
  if (flag(subscribable)) out += 'data-is-subscription="' + escapeHtml(printValue(subscribable)) + '" ';
  out += 'data-original-label="' + escapeHtml(label) + '" ';
  if (formMode) out += 'data-form="' + escapeHtml(json(field(content, 'additionalFieldsForm'))) + '"';
  if (options.length > 0 && flag(subscribable)) {
    out += 'data-subscription-option-id="' + escapeHtml(printValue(field(options[0], 'id'))) + '"';
  }
  return (
    out + '>\n    <div class="sqs-add-to-cart-button-inner">' + escapeHtml(label) + '</div>\n  </div>\n</div>'
  );
};

const quantityInput: Formatter = (item, _args, ctx) => {
  // Nothing to show leaves the value missing (not ""), as in the reference, for the next formatter.
  if (!showsQuantityInput(item, ctx.resolve('websiteSettings.storeSettings'))) return undefined;
  const label = escapeHtml(localized(ctx, 'productQuantityInputLabel') || messages.quantity);
  return (
    QUANTITY_LEAD +
    '<div class="product-quantity-input" data-item-id="' +
    escapeHtml(printValue(field(item, 'id'))) +
    '" data-animation-role="content">\n  <div class="quantity-label">' +
    label +
    ':</div>\n  <input aria-label="' +
    label +
    `" size="${QUANTITY_INPUT_SIZE}" max="${QUANTITY_MAX}" min="${QUANTITY_MIN}" value="${QUANTITY_DEFAULT}" type="number" step="${QUANTITY_STEP}"></input>\n</div>`
  );
};

const variantsSelect: Formatter = (item, _args, ctx) => {
  const options = variantOptions(item);
  if (options.length === 0) return undefined;
  const content = field(item, 'structuredContent');
  const giftCard = productTypeOf(item) === ProductType.GIFT_CARD;
  // Gift-card variants are always named "Value" by the platform, so they get their own wording.
  const selectText = giftCard
    ? localized(ctx, 'giftCardVariantSelectText') || messages.selectValue
    : localized(ctx, 'productVariantSelectText') || messages.selectVariant;
  const displayText = giftCard
    ? localized(ctx, 'giftCardValueDisplayText') || messages.giftCardValue
    : '{name}';

  let out =
    VARIANTS_LEAD +
    '<div class="product-variants" data-item-id="' +
    escapeHtml(printValue(field(item, 'id'))) +
    '" data-variants="' +
    escapeHtml(json(field(content, 'variants'))) +
    '"';
  if (flag(field(content, 'isSubscribable'))) {
    out +=
      ' data-is-subscribable="true" data-subscription-plan="' +
      escapeHtml(json(field(content, 'subscriptionPlan'))) +
      '"';
  }
  out += ' data-animation-role="content">';
  for (const option of options) {
    const name = escapeHtml(option.name);
    const select = fillMessage(selectText, { variantName: option.name });
    out +=
      '\n    <div class="variant-option">\n    <div class="variant-option-title">' +
      escapeHtml(fillMessage(displayText, { name: option.name })) +
      ': </div>\n    <div class="variant-select-wrapper">\n      <select aria-label="' +
      escapeAttrKeepAmp(select) +
      '" data-variant-option-name="' +
      name +
      '">\n        <option value="">' +
      escapeHtml(select) +
      '</option>\n        ';
    for (const v of option.values) {
      const value = escapeHtml(v);
      out += '<option value="' + value + '">' + value + '</option>';
    }
    out +=
      '\n      </select>\n    </div>\n    <div class="variant-radiobtn-wrapper" data-variant-option-name="' +
      name +
      '">';
    for (const v of option.values) {
      const value = escapeHtml(v);
      const id = 'variant-option-' + name + '-' + value;
      out +=
        '\n      <input type="radio" class="variant-radiobtn" value="' +
        value +
        '" name="variant-option-' +
        name +
        '" id="' +
        id +
        '"/>\n      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="' +
        id +
        '">' +
        value +
        '</label>';
    }
    out += '\n    </div>\n    </div>';
  }
  return out + '\n  </div>\n';
};

const productStatus: Formatter = (item, _args, ctx) => {
  const mark = productMark(item);
  if (mark === undefined) return undefined;
  if (mark === 'sale') {
    return (
      '<div class="product-mark sale">' +
      escapeHtml(localized(ctx, 'productSaleText') || messages.sale) +
      '</div>'
    );
  }
  const merch = merchandisingFor(ctx.resolve('productMerchandisingContext'), str(field(item, 'id')));
  return (
    '<div class="product-mark sold-out">' +
    escapeHtml(soldOutText(merch, localized(ctx, 'productSoldOutText'))) +
    '</div>'
  );
};

const productScarcity: Formatter = (item, _args, ctx) => {
  const merch = merchandisingFor(ctx.resolve('productMerchandisingContext'), str(field(item, 'id')));
  // Without scarcity settings for this product the value passes through, as in the reference.
  if (!flag(field(merch, 'scarcityEnabled'))) return item;
  let out = '';
  for (const notice of scarcityNotices(merch)) {
    out += '\n  <div class="product-scarcity"';
    if (flag(notice.attributes))
      out += ' data-variant-attributes="' + escapeHtml(json(notice.attributes)) + '" hidden';
    out += '>\n    ' + escapeHtml(notice.text) + '\n  </div>\n';
  }
  return out;
};

const productRestockNotification: Formatter = (item, _args, ctx) => {
  const productId = escapeHtml(printValue(field(item, 'id')));
  const merch = merchandisingFor(ctx.resolve('productMerchandisingContext'), str(field(item, 'id')));
  const msgs = field(merch, 'restockNotificationMessages');
  const signUp = flag(field(merch, 'mailingListSignUpEnabled'));
  const optIn = flag(field(merch, 'mailingListOptInByDefault'));
  const captcha = flag(ctx.resolve('website.captchaSettings.siteKey'));
  const cta = escapeHtml(str(field(msgs, 'CTAText')));
  const placeholder = escapeHtml(str(field(msgs, 'placeholderText')));
  const button = escapeHtml(str(field(msgs, 'buttonText')));
  const description = escapeHtml(str(field(msgs, 'mailingListDescription')));
  let out = RESTOCK_LEAD;
  for (const view of list(field(merch, 'restockNotificationViews'))) {
    out +=
      '\n<div class="product-restock-notification" data-product-id="' +
      productId +
      '" data-variant-id="' +
      escapeHtml(printValue(field(view, 'variantId'))) +
      '"' +
      (flag(field(view, 'hiddenByDefault')) ? ' hidden' : '') +
      '>\n  <span class="product-restock-cta">' +
      cta +
      '</span>\n  <form class="product-restock-form" action="#">\n    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="' +
      placeholder +
      '">\n    <input class="sqs-editable-button" type="submit" value="' +
      button +
      '">\n  </form>\n' +
      (signUp
        ? '  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"' +
          (optIn ? ' checked' : '') +
          '>' +
          description +
          '</label>'
        : '') +
      '\n' +
      (captcha ? '  <div class="captcha-container"></div>' : '') +
      '\n</div>\n';
  }
  return out;
};

const productQuickView: Formatter = (item, args, ctx) => {
  let group = args[0] ?? '';
  const own = group === '' ? undefined : field(item, group);
  if (own !== undefined) group = printValue(own);
  else if (group !== '') {
    const found = ctx.resolve(group);
    if (found !== undefined) group = printValue(found);
  }
  return (
    '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="' +
    escapeHtml(printValue(field(item, 'id'))) +
    '" data-group="' +
    escapeHtml(group) +
    '">' +
    escapeHtml(localized(ctx, 'productQuickViewText') || messages.quickView) +
    '</span>'
  );
};

/** Variant selects, quantity input and add button in one, as product pages lay them out. */
const productCheckout: Formatter = (value, args, ctx, vars) => {
  const item = scopedItem(value, ctx);
  return (
    String(variantsSelect(item, args, ctx, vars) ?? '') +
    String(quantityInput(item, args, ctx, vars) ?? '') +
    String(addToCartButton(item, args, ctx, vars))
  );
};

export const productFormatters: Readonly<Record<string, Formatter>> = {
  'add-to-cart-btn': addToCartButton,
  'product-checkout': productCheckout,
  'product-quick-view': productQuickView,
  'product-restock-notification': productRestockNotification,
  'product-scarcity': productScarcity,
  'product-status': productStatus,
  'quantity-input': quantityInput,
  'variants-select': variantsSelect,
  'variant-descriptor': (variant) => variantDescriptor(variant),
};
