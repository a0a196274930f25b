import { type CurrencyCode } from '@site/commerce-core';
import {
  ADMIN_PRODUCT_TYPE_NAMES,
  type AdminProduct,
  type AdminProductType,
} from '@site/commerce-core/admin';
import { useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { draftIssues, draftOf, withProductType, type ProductDraft } from './product-draft';
import {
  DigitalFilePanel,
  FieldError,
  fieldProps,
  ImagesPanel,
  MerchandisingPanel,
  OptionsPanel,
  ShippingPanel,
  TaxPanel,
  TranslationsPanel,
  VariantsPanel,
  type PickedFile,
} from './ProductPanels';
import { ProductTagsPanel } from './ProductTagsPanel';
import { storeMessages as m } from './store-messages';
import type { ProductTags } from '@site/page-content';

export interface ProductEditorProps {
  isOpen: boolean;
  /** The product to edit; a new product when absent. */
  product?: AdminProduct;
  currency: CurrencyCode;
  /** The owner's locale, which decides how prices are written ("8.50", "8,50"); the browser's when absent. */
  locale?: string;
  /** Messages by field path ("title", "variants.0.sku") from a refused save. */
  issues?: Readonly<Record<string, string>>;
  /** A refusal not tied to one field (a stale version, the product limit). */
  error?: string;
  isSaving?: boolean;
  /** Names and thumbnails of the files the product already uses, by file id. */
  files?: Readonly<Record<string, PickedFile>>;
  /** Opens the file manager for an image or any file; absent, files cannot be chosen here. */
  onPickFile?: (kind: 'image' | 'file', choose: (file: PickedFile) => void) => void;
  /** The site's forms, for the additional-fields form. */
  forms?: readonly { id: string; name: string }[];
  /** The languages the site adds besides its own, for translations. */
  languages?: readonly { code: string; name: string }[];
  /** The tags and categories the store's products already use, offered in the tags panel. */
  knownNames?: Readonly<ProductTags>;
  knownNamesLoading?: boolean;
  knownNamesError?: string;
  /** Every edit, so a preview can show the product as typed. */
  onDraftChange?: (draft: ProductDraft) => void;
  /** The product page as typed (a ProductPreview): beside the form on wide screens, behind an Edit / Preview switch on narrow ones. */
  preview?: ReactNode;
  /** The search engine settings (a SeoPanel), kept and saved by the caller: last in the form. */
  seoPanel?: ReactNode;
  onSave: (draft: ProductDraft) => void;
  onCancel: () => void;
}

/** Every field of a product and its variants, in panels; the caller saves the draft in one call. */
export function ProductEditor({
  isOpen,
  product,
  currency,
  locale,
  issues: saveIssues = {},
  error,
  isSaving,
  files = {},
  onPickFile,
  forms = [],
  languages = [],
  knownNames,
  knownNamesLoading,
  knownNamesError,
  onDraftChange,
  preview,
  seoPanel,
  onSave,
  onCancel,
}: ProductEditorProps) {
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [draft, setDraft] = useState(() => draftOf(product, locale));
  // The form's own refusals, found when Save is pressed; they replace the last save's until then.
  const [formIssues, setFormIssues] = useState<Record<string, string>>();
  const issues = formIssues ?? saveIssues;
  const [picked, setPicked] = useState<Record<string, PickedFile>>({});
  const known = { ...files, ...picked };
  const change = (update: (d: ProductDraft) => ProductDraft) => {
    const next = update(draft);
    setDraft(next);
    if (formIssues) setFormIssues(draftIssues(next, { currency, locale }));
    onDraftChange?.(next);
  };
  const remember = (file: PickedFile) => setPicked((all) => ({ ...all, [file.id]: file }));
  const pickImage = onPickFile
    ? () =>
        onPickFile('image', (file) => {
          remember(file);
          change((d) =>
            d.imageFileIds.includes(file.id) ? d : { ...d, imageFileIds: [...d.imageFileIds, file.id] },
          );
        })
    : undefined;
  const pickDigitalFile = onPickFile
    ? () =>
        onPickFile('file', (file) => {
          remember(file);
          change((d) => ({ ...d, digitalFileId: file.id }));
        })
    : undefined;
  const field = (path: string) => fieldProps(issues, path);
  const panel = { draft, change, issues };
  const type = draft.productType;
  const setSubscription = (patch: Partial<ProductDraft['subscription']>) =>
    change((d) => ({ ...d, subscription: { ...d.subscription, ...patch } }));

  return (
    <ModalOverlay
      className="ed-modal-overlay"
      isOpen={isOpen}
      isDismissable={!isSaving}
      onOpenChange={(open) => !open && onCancel()}
    >
      <Modal className={`ed-modal ed-modal--wide${preview ? ' ed-modal--preview' : ''}`}>
        <Dialog className="ed-dialog">
          <div className="ed-product-editor__head">
            <Heading slot="title" className="ed-dialog__title">
              {product ? m.editProduct : m.newProduct}
            </Heading>
            {preview && (
              <div role="group" aria-label={m.views} className="ed-product-editor__views">
                {(['edit', 'preview'] as const).map((v) => (
                  <button
                    key={v}
                    type="button"
                    className="ed-button"
                    aria-pressed={view === v}
                    onClick={() => setView(v)}
                  >
                    {v === 'edit' ? m.editView : m.previewView}
                  </button>
                ))}
              </div>
            )}
          </div>
          <div className="ed-product-editor" data-view={view}>
            <form
              className="ed-dialog__body ed-product-form"
              onSubmit={(e) => {
                e.preventDefault();
                const found = draftIssues(draft, { currency, locale });
                if (Object.keys(found).length > 0) {
                  setFormIssues(found);
                  focusFirstInvalid(e.currentTarget);
                  return;
                }
                setFormIssues(undefined);
                onSave(draft);
              }}
            >
              {error && (
                <p role="alert" className="ed-store__error">
                  {error}
                </p>
              )}
              <fieldset className="ed-fieldset">
                <legend>{m.details}</legend>
                <label className="ed-field">
                  <span>{m.title}</span>
                  <input
                    className="ed-input"
                    required
                    value={draft.title}
                    onChange={(e) => change((d) => ({ ...d, title: e.target.value }))}
                    {...field('title')}
                  />
                  <FieldError id="pe-title" message={issues.title} />
                </label>
                <label className="ed-field">
                  <span>{m.productType}</span>
                  <select
                    className="ed-input"
                    value={type}
                    onChange={(e) => change((d) => withProductType(d, e.target.value as AdminProductType))}
                    disabled={Boolean(product)}
                  >
                    {ADMIN_PRODUCT_TYPE_NAMES.map((t) => (
                      <option key={t} value={t}>
                        {m.typeNames[t]}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="ed-field">
                  <span>{m.excerpt}</span>
                  <textarea
                    className="ed-input"
                    rows={3}
                    value={draft.excerpt}
                    onChange={(e) => change((d) => ({ ...d, excerpt: e.target.value }))}
                    {...field('excerpt')}
                  />
                  <FieldError id="pe-excerpt" message={issues.excerpt} />
                </label>
                <label className="ed-check">
                  <input
                    type="checkbox"
                    checked={draft.enabled}
                    onChange={(e) => change((d) => ({ ...d, enabled: e.target.checked }))}
                  />
                  {m.enabled}
                </label>
                <label className="ed-field">
                  <span>{m.customAddButtonText}</span>
                  <input
                    className="ed-input"
                    value={draft.customAddButtonText}
                    onChange={(e) => change((d) => ({ ...d, customAddButtonText: e.target.value }))}
                    {...field('customAddButtonText')}
                  />
                  <FieldError id="pe-customAddButtonText" message={issues.customAddButtonText} />
                </label>
                <label className="ed-field">
                  <span>{m.additionalFields}</span>
                  <select
                    className="ed-input"
                    value={draft.additionalFieldsFormId}
                    onChange={(e) => change((d) => ({ ...d, additionalFieldsFormId: e.target.value }))}
                    {...field('additionalFieldsFormId')}
                  >
                    <option value="">{m.noForm}</option>
                    {forms.map((f) => (
                      <option key={f.id} value={f.id}>
                        {f.name}
                      </option>
                    ))}
                    {draft.additionalFieldsFormId &&
                      !forms.some((f) => f.id === draft.additionalFieldsFormId) && (
                        <option value={draft.additionalFieldsFormId}>{draft.additionalFieldsFormId}</option>
                      )}
                  </select>
                  {forms.length === 0 && <span className="ed-field__hint">{m.noForms}</span>}
                  <FieldError id="pe-additionalFieldsFormId" message={issues.additionalFieldsFormId} />
                </label>
              </fieldset>
              <ImagesPanel {...panel} files={known} onPick={pickImage} />
              {type === 'digital' && <DigitalFilePanel {...panel} files={known} onPick={pickDigitalFile} />}
              {(type === 'physical' || type === 'service') && <OptionsPanel {...panel} />}
              <VariantsPanel {...panel} currency={currency} locale={locale} />
              {type !== 'giftCard' && (
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
              )}
              {type === 'physical' && <ShippingPanel {...panel} />}
              {type !== 'giftCard' && <TaxPanel {...panel} />}
              <ProductTagsPanel
                value={{ tags: draft.tags, categories: draft.categories }}
                onChange={(names) => change((d) => ({ ...d, ...names }))}
                known={knownNames}
                isLoading={knownNamesLoading}
                error={knownNamesError}
                isDisabled={isSaving}
              />
              <MerchandisingPanel {...panel} />
              <TranslationsPanel {...panel} languages={languages} />
              {seoPanel}
              <div className="ed-dialog__actions">
                <button type="button" className="ed-button" onClick={onCancel} disabled={isSaving}>
                  {m.cancel}
                </button>
                <button type="submit" className="ed-button ed-button--primary" disabled={isSaving}>
                  {isSaving ? m.saving : m.save}
                </button>
              </div>
            </form>
            {preview && <div className="ed-product-editor__preview">{preview}</div>}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Takes the owner to the first refused field once React has marked it. */
function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
