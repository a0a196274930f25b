import { type CurrencyCode } from '@site/commerce-core';
import {
  ADMIN_PRODUCT_TYPE_NAMES,
  type AdminProduct,
  type AdminProductType,
} from '@site/commerce-core/admin';
import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { storeMessages as m } from './store-messages';

/** One variant row as typed: amounts stay strings of minor units, as the API takes them. */
export interface VariantDraft {
  id?: string;
  sku: string;
  attributes: Record<string, string>;
  price: string;
  salePrice: string;
  onSale: boolean;
  qtyInStock: string;
  unlimited: boolean;
}

export interface ProductDraft {
  title: string;
  productType: AdminProductType;
  enabled: boolean;
  excerpt: string;
  options: string[];
  customAddButtonText: string;
  /** Billing every `every` units, for `cycles` payments (0: until cancelled); off when not subscribable. */
  subscription: { enabled: boolean; every: string; unit: 'WEEK' | 'MONTH' | 'YEAR'; cycles: string };
  variants: VariantDraft[];
}

export interface ProductEditorProps {
  isOpen: boolean;
  /** The product to edit; a new product when absent. */
  product?: AdminProduct;
  currency: CurrencyCode;
  /** Messages by field path ("title", "variants.0.sku") from a refused save. */
  issues?: Readonly<Record<string, string>>;
  /** A refusal not tied to one field (a stale version, the product limit). */
  error?: string;
  isSaving?: boolean;
  onSave: (draft: ProductDraft) => void;
  onCancel: () => void;
}

const emptyVariant = (): VariantDraft => ({
  sku: '',
  attributes: {},
  price: '',
  salePrice: '',
  onSale: false,
  qtyInStock: '0',
  unlimited: false,
});

const noSubscription: ProductDraft['subscription'] = {
  enabled: false,
  every: '1',
  unit: 'MONTH',
  cycles: '0',
};

export function draftOf(product: AdminProduct | undefined): ProductDraft {
  if (!product)
    return {
      title: '',
      productType: 'physical',
      enabled: true,
      excerpt: '',
      customAddButtonText: '',
      subscription: noSubscription,
      options: [],
      variants: [emptyVariant()],
    };
  return {
    title: product.title,
    productType: product.productType,
    enabled: product.enabled,
    excerpt: product.excerpt,
    customAddButtonText: product.customAddButtonText ?? '',
    subscription: product.subscriptionPlan
      ? {
          enabled: true,
          every: String(product.subscriptionPlan.billingPeriod.value),
          unit: product.subscriptionPlan.billingPeriod.unit,
          cycles: String(product.subscriptionPlan.numBillingCycles),
        }
      : noSubscription,
    options: product.variantOptionOrdering,
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      price: v.price.value,
      salePrice: v.salePrice?.value ?? '',
      onSale: v.onSale,
      qtyInStock: String(v.qtyInStock),
      unlimited: v.unlimited,
    })),
  };
}

function FieldError({ message, id }: { message?: string; id: string }) {
  return message ? (
    <span className="ed-field__error" id={id} role="alert">
      {message}
    </span>
  ) : null;
}

/** Every field of a product and its variants; the caller saves the draft in one call. */
export function ProductEditor({
  isOpen,
  product,
  currency,
  issues = {},
  error,
  isSaving,
  onSave,
  onCancel,
}: ProductEditorProps) {
  const [draft, setDraft] = useState(() => draftOf(product));
  const setVariant = (i: number, patch: Partial<VariantDraft>) =>
    setDraft((d) => ({ ...d, variants: d.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)) }));
  const setSubscription = (patch: Partial<ProductDraft['subscription']>) =>
    setDraft((d) => ({ ...d, subscription: { ...d.subscription, ...patch } }));
  const field = (path: string) => ({
    'aria-invalid': issues[path] ? true : undefined,
    'aria-describedby': issues[path] ? `pe-${path}` : undefined,
  });

  return (
    <ModalOverlay
      className="ed-modal-overlay"
      isOpen={isOpen}
      isDismissable={!isSaving}
      onOpenChange={(open) => !open && onCancel()}
    >
      <Modal className="ed-modal ed-modal--wide">
        <Dialog className="ed-dialog">
          <Heading slot="title" className="ed-dialog__title">
            {product ? m.editProduct : m.newProduct}
          </Heading>
          <form
            className="ed-dialog__body ed-product-form"
            onSubmit={(e) => {
              e.preventDefault();
              onSave(draft);
            }}
          >
            {error && (
              <p role="alert" className="ed-store__error">
                {error}
              </p>
            )}
            <label className="ed-field">
              <span>{m.title}</span>
              <input
                className="ed-input"
                required
                value={draft.title}
                onChange={(e) => setDraft({ ...draft, title: e.target.value })}
                {...field('title')}
              />
              <FieldError id="pe-title" message={issues.title} />
            </label>
            <label className="ed-field">
              <span>{m.productType}</span>
              <select
                className="ed-input"
                value={draft.productType}
                onChange={(e) => setDraft({ ...draft, productType: e.target.value as AdminProductType })}
                disabled={Boolean(product)}
              >
                {ADMIN_PRODUCT_TYPE_NAMES.map((t) => (
                  <option key={t} value={t}>
                    {m.typeNames[t]}
                  </option>
                ))}
              </select>
            </label>
            <label className="ed-check">
              <input
                type="checkbox"
                checked={draft.enabled}
                onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
              />
              {m.enabled}
            </label>
            <label className="ed-field">
              <span>{m.customAddButtonText}</span>
              <input
                className="ed-input"
                value={draft.customAddButtonText}
                onChange={(e) => setDraft({ ...draft, customAddButtonText: e.target.value })}
                {...field('customAddButtonText')}
              />
              <FieldError id="pe-customAddButtonText" message={issues.customAddButtonText} />
            </label>
            <fieldset className="ed-fieldset">
              <legend>{m.subscription}</legend>
              <label className="ed-check">
                <input
                  type="checkbox"
                  checked={draft.subscription.enabled}
                  onChange={(e) => setSubscription({ enabled: e.target.checked })}
                />
                {m.sellAsSubscription}
              </label>
              {draft.subscription.enabled && (
                <div className="ed-variant-row">
                  <label className="ed-field">
                    <span>{m.billEvery}</span>
                    <input
                      className="ed-input ed-input--narrow"
                      type="number"
                      min={1}
                      value={draft.subscription.every}
                      onChange={(e) => setSubscription({ every: e.target.value })}
                    />
                  </label>
                  <label className="ed-field">
                    <span>{m.billingUnit}</span>
                    <select
                      className="ed-input"
                      value={draft.subscription.unit}
                      onChange={(e) =>
                        setSubscription({ unit: e.target.value as ProductDraft['subscription']['unit'] })
                      }
                    >
                      {Object.entries(m.billingUnits).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="ed-field">
                    <span>{m.billingCycles}</span>
                    <input
                      className="ed-input ed-input--narrow"
                      type="number"
                      min={0}
                      value={draft.subscription.cycles}
                      onChange={(e) => setSubscription({ cycles: e.target.value })}
                    />
                  </label>
                </div>
              )}
              <FieldError id="pe-subscriptionPlan" message={issues.subscriptionPlan} />
            </fieldset>
            <label className="ed-field">
              <span>{m.options}</span>
              <input
                className="ed-input"
                value={draft.options.join(', ')}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    options: e.target.value
                      .split(',')
                      .map((s) => s.trim())
                      .filter(Boolean),
                  })
                }
                {...field('variantOptionOrdering')}
              />
              <FieldError id="pe-variantOptionOrdering" message={issues.variantOptionOrdering} />
            </label>
            <fieldset className="ed-fieldset">
              <legend>{m.variants}</legend>
              <p className="ed-field__hint">{m.minorUnitsHint(currency)}</p>
              <FieldError id="pe-variants" message={issues.variants} />
              {draft.variants.map((v, i) => (
                <div
                  key={v.id ?? `new-${i}`}
                  className="ed-variant-row"
                  role="group"
                  aria-label={`${m.variant} ${i + 1}`}
                >
                  <label className="ed-field">
                    <span>{m.sku}</span>
                    <input
                      className="ed-input"
                      required
                      value={v.sku}
                      onChange={(e) => setVariant(i, { sku: e.target.value })}
                      {...field(`variants.${i}.sku`)}
                    />
                    <FieldError id={`pe-variants.${i}.sku`} message={issues[`variants.${i}.sku`]} />
                  </label>
                  {draft.options.map((option) => (
                    <label key={option} className="ed-field">
                      <span>{option}</span>
                      <input
                        className="ed-input"
                        required
                        value={v.attributes[option] ?? ''}
                        onChange={(e) =>
                          setVariant(i, { attributes: { ...v.attributes, [option]: e.target.value } })
                        }
                      />
                    </label>
                  ))}
                  <label className="ed-field">
                    <span>{m.price}</span>
                    <input
                      className="ed-input"
                      inputMode="numeric"
                      required
                      value={v.price}
                      onChange={(e) => setVariant(i, { price: e.target.value })}
                      {...field(`variants.${i}.price.value`)}
                    />
                    <FieldError
                      id={`pe-variants.${i}.price.value`}
                      message={issues[`variants.${i}.price.value`]}
                    />
                  </label>
                  <label className="ed-field">
                    <span>{m.salePrice}</span>
                    <input
                      className="ed-input"
                      inputMode="numeric"
                      value={v.salePrice}
                      onChange={(e) => setVariant(i, { salePrice: e.target.value })}
                      {...field(`variants.${i}.salePrice`)}
                    />
                    <FieldError
                      id={`pe-variants.${i}.salePrice`}
                      message={issues[`variants.${i}.salePrice`]}
                    />
                  </label>
                  <label className="ed-check">
                    <input
                      type="checkbox"
                      checked={v.onSale}
                      onChange={(e) => setVariant(i, { onSale: e.target.checked })}
                    />
                    {m.onSale}
                  </label>
                  <label className="ed-field">
                    <span>{m.stock}</span>
                    <input
                      className="ed-input"
                      type="number"
                      min={0}
                      value={v.qtyInStock}
                      disabled={v.unlimited}
                      onChange={(e) => setVariant(i, { qtyInStock: e.target.value })}
                      {...field(`variants.${i}.qtyInStock`)}
                    />
                    <FieldError
                      id={`pe-variants.${i}.qtyInStock`}
                      message={issues[`variants.${i}.qtyInStock`]}
                    />
                  </label>
                  <label className="ed-check">
                    <input
                      type="checkbox"
                      checked={v.unlimited}
                      onChange={(e) => setVariant(i, { unlimited: e.target.checked })}
                    />
                    {m.unlimited}
                  </label>
                  {draft.variants.length > 1 && (
                    <button
                      type="button"
                      className="ed-button ed-button--ghost"
                      onClick={() =>
                        setDraft({ ...draft, variants: draft.variants.filter((_, j) => j !== i) })
                      }
                    >
                      {m.removeVariant}
                    </button>
                  )}
                </div>
              ))}
              <button
                type="button"
                className="ed-button"
                onClick={() => setDraft({ ...draft, variants: [...draft.variants, emptyVariant()] })}
              >
                {m.addVariant}
              </button>
            </fieldset>
            <div className="ed-dialog__actions">
              <button type="button" className="ed-button" onClick={onCancel} disabled={isSaving}>
                {m.cancel}
              </button>
              <button type="submit" className="ed-button ed-button--primary" disabled={isSaving}>
                {isSaving ? m.saving : m.save}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
