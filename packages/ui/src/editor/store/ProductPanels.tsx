import { MAX_PRODUCT_IMAGES } from '@site/commerce-core/admin';
import { MoneyInput } from '../field/MoneyInput';
import {
  emptyVariant,
  moveItem,
  renameOption,
  type MerchandisingDraft,
  type ProductDraft,
  type Switch,
  type VariantDraft,
} from './product-draft';
import { storeMessages as m } from './store-messages';
import { taxShippingMessages as tm } from './tax-shipping-messages';

/** A file from the file manager as the product form shows it. */
export interface PickedFile {
  id: string;
  name: string;
  /** A thumbnail for images; absent for other files. */
  url?: string;
}

export type Issues = Readonly<Record<string, string>>;
type Change = (update: (draft: ProductDraft) => ProductDraft) => void;

export function FieldError({ message, id }: { message?: string; id: string }) {
  return message ? (
    <span className="ed-field__error" id={id} role="alert">
      {message}
    </span>
  ) : null;
}

export const fieldProps = (issues: Issues, path: string) => ({
  'aria-invalid': issues[path] ? true : undefined,
  'aria-describedby': issues[path] ? `pe-${path}` : undefined,
});

/** Option names in storefront order: rename, reorder, remove, add. */
export function OptionsPanel({
  draft,
  change,
  issues,
}: {
  draft: ProductDraft;
  change: Change;
  issues: Issues;
}) {
  const added = draft.pendingOption;
  const add = () => {
    const name = added.trim();
    if (!name) return;
    change((d) => ({ ...d, options: [...d.options, name], pendingOption: '' }));
  };
  return (
    <fieldset className="ed-fieldset">
      <legend>{m.options}</legend>
      <p className="ed-field__hint">{m.optionsHint}</p>
      <FieldError id="pe-variantOptionOrdering" message={issues.variantOptionOrdering} />
      <ol className="ed-option-list">
        {draft.options.map((option, i) => (
          <li key={i} className="ed-option-list__row">
            <input
              className="ed-input"
              aria-label={m.optionName(i)}
              value={option}
              onChange={(e) => change((d) => renameOption(d, i, e.target.value))}
            />
            <button
              type="button"
              className="ed-button ed-button--ghost"
              aria-label={m.moveUp(option)}
              disabled={i === 0}
              onClick={() => change((d) => ({ ...d, options: moveItem(d.options, i, -1) }))}
            >
              ↑
            </button>
            <button
              type="button"
              className="ed-button ed-button--ghost"
              aria-label={m.moveDown(option)}
              disabled={i === draft.options.length - 1}
              onClick={() => change((d) => ({ ...d, options: moveItem(d.options, i, 1) }))}
            >
              ↓
            </button>
            <button
              type="button"
              className="ed-button ed-button--ghost"
              aria-label={m.removeOption(option)}
              onClick={() => change((d) => ({ ...d, options: d.options.filter((_, j) => j !== i) }))}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      <div className="ed-option-list__row">
        <input
          className="ed-input"
          aria-label={m.optionName(draft.options.length)}
          value={added}
          onChange={(e) => {
            const pendingOption = e.target.value;
            change((d) => ({ ...d, pendingOption }));
          }}
          {...fieldProps(issues, 'pendingOption')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="ed-button" onClick={add} disabled={!added.trim()}>
          {m.addOption}
        </button>
      </div>
      <FieldError id="pe-pendingOption" message={issues.pendingOption} />
    </fieldset>
  );
}

/** Every variant: SKU, option values, price and sale price as typed, stock or unlimited. */
export function VariantsPanel({
  draft,
  change,
  issues,
  currency,
  locale,
}: {
  draft: ProductDraft;
  change: Change;
  issues: Issues;
  currency: string;
  /** The owner's locale for prices; the browser's when absent. */
  locale?: string;
}) {
  const single = draft.productType === 'digital';
  const giftCard = draft.productType === 'giftCard';
  const setVariant = (i: number, patch: Partial<VariantDraft>) =>
    change((d) => ({ ...d, variants: d.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)) }));
  const field = (path: string) => fieldProps(issues, path);
  return (
    <fieldset className="ed-fieldset">
      <legend>{giftCard ? m.denominations : m.variants}</legend>
      {(giftCard || single) && (
        <p className="ed-field__hint">{giftCard ? m.denominationsHint : m.digitalHint}</p>
      )}
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
              value={v.sku}
              placeholder={m.skuHint}
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
                onChange={(e) => setVariant(i, { attributes: { ...v.attributes, [option]: e.target.value } })}
              />
            </label>
          ))}
          <FieldError id={`pe-variants.${i}.attributes`} message={issues[`variants.${i}.attributes`]} />
          <MoneyInput
            id={`pe-variant-${i}-price`}
            label={m.price}
            required
            currency={currency}
            locale={locale}
            value={v.price}
            onChange={(price) => setVariant(i, { price })}
            error={issues[`variants.${i}.price.value`] ?? issues[`variants.${i}.price`]}
          />
          <MoneyInput
            id={`pe-variant-${i}-sale-price`}
            label={m.salePrice}
            required={v.onSale}
            currency={currency}
            locale={locale}
            value={v.salePrice}
            onChange={(salePrice) => setVariant(i, { salePrice })}
            error={issues[`variants.${i}.salePrice`] ?? issues[`variants.${i}.salePrice.value`]}
          />
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
              className="ed-input ed-input--narrow"
              type="number"
              min={0}
              value={v.qtyInStock}
              disabled={v.unlimited}
              onChange={(e) => setVariant(i, { qtyInStock: e.target.value })}
              {...field(`variants.${i}.qtyInStock`)}
            />
            <FieldError id={`pe-variants.${i}.qtyInStock`} message={issues[`variants.${i}.qtyInStock`]} />
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
              onClick={() => change((d) => ({ ...d, variants: d.variants.filter((_, j) => j !== i) }))}
            >
              {m.removeVariant}
            </button>
          )}
        </div>
      ))}
      {!single && (
        <button
          type="button"
          className="ed-button"
          onClick={() => change((d) => ({ ...d, variants: [...d.variants, emptyVariant()] }))}
        >
          {m.addVariant}
        </button>
      )}
    </fieldset>
  );
}

const fileOf = (id: string, files: Readonly<Record<string, PickedFile>>): PickedFile =>
  files[id] ?? { id, name: id };

/** Images from the file manager, in order; the first is the main image. */
export function ImagesPanel({
  draft,
  change,
  issues,
  files,
  onPick,
}: {
  draft: ProductDraft;
  change: Change;
  issues: Issues;
  files: Readonly<Record<string, PickedFile>>;
  onPick?: () => void;
}) {
  const full = draft.imageFileIds.length >= MAX_PRODUCT_IMAGES;
  return (
    <fieldset className="ed-fieldset">
      <legend>{m.images}</legend>
      <p className="ed-field__hint">{m.imagesHint}</p>
      <FieldError id="pe-imageFileIds" message={issues.imageFileIds} />
      {draft.imageFileIds.length === 0 ? (
        <p>{m.noImages}</p>
      ) : (
        <ol className="ed-image-list">
          {draft.imageFileIds.map((id, i) => {
            const file = fileOf(id, files);
            return (
              <li key={id} className="ed-image-list__item">
                {file.url ? (
                  <img src={file.url} alt="" width={64} height={64} />
                ) : (
                  <span className="ed-image-list__blank" />
                )}
                <span className="ed-image-list__name">{file.name}</span>
                <button
                  type="button"
                  className="ed-button ed-button--ghost"
                  aria-label={m.moveUp(file.name)}
                  disabled={i === 0}
                  onClick={() => change((d) => ({ ...d, imageFileIds: moveItem(d.imageFileIds, i, -1) }))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="ed-button ed-button--ghost"
                  aria-label={m.moveDown(file.name)}
                  disabled={i === draft.imageFileIds.length - 1}
                  onClick={() => change((d) => ({ ...d, imageFileIds: moveItem(d.imageFileIds, i, 1) }))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="ed-button ed-button--ghost"
                  aria-label={m.removeImage(file.name)}
                  onClick={() =>
                    change((d) => ({ ...d, imageFileIds: d.imageFileIds.filter((x) => x !== id) }))
                  }
                >
                  ✕
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {full && <p role="status">{m.tooManyImages(MAX_PRODUCT_IMAGES)}</p>}
      {onPick && (
        <button type="button" className="ed-button" onClick={onPick} disabled={full}>
          {m.addImage}
        </button>
      )}
    </fieldset>
  );
}

/** The digital product's file to deliver after purchase. */
export function DigitalFilePanel({
  draft,
  change,
  issues,
  files,
  onPick,
}: {
  draft: ProductDraft;
  change: Change;
  issues: Issues;
  files: Readonly<Record<string, PickedFile>>;
  onPick?: () => void;
}) {
  const file = draft.digitalFileId ? fileOf(draft.digitalFileId, files) : undefined;
  return (
    <fieldset className="ed-fieldset">
      <legend>{m.digitalFile}</legend>
      <FieldError id="pe-digitalFileId" message={issues.digitalFileId} />
      <p>{file ? file.name : m.noDigitalFile}</p>
      <div className="ed-option-list__row">
        {onPick && (
          <button type="button" className="ed-button" onClick={onPick}>
            {file ? m.replaceFile : m.chooseFile}
          </button>
        )}
        {file && (
          <button
            type="button"
            className="ed-button ed-button--ghost"
            onClick={() => change((d) => ({ ...d, digitalFileId: '' }))}
          >
            {m.removeFile}
          </button>
        )}
      </div>
    </fieldset>
  );
}

function SwitchSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Switch;
  onChange: (value: Switch) => void;
}) {
  return (
    <label className="ed-field">
      <span>{label}</span>
      <select className="ed-input" value={value} onChange={(e) => onChange(e.target.value as Switch)}>
        <option value="">{m.storeDefault}</option>
        <option value="on">{m.on}</option>
        <option value="off">{m.off}</option>
      </select>
    </label>
  );
}

/** Scarcity, sold-out text and restock sign-ups for this product; unset follows the store. */
export function MerchandisingPanel({
  draft,
  change,
  issues,
}: {
  draft: ProductDraft;
  change: Change;
  issues: Issues;
}) {
  const merch = draft.merchandising;
  const set = (patch: Partial<MerchandisingDraft>) =>
    change((d) => ({ ...d, merchandising: { ...d.merchandising, ...patch } }));
  const field = (path: string) => fieldProps(issues, path);
  return (
    <fieldset className="ed-fieldset">
      <legend>{m.merchandising}</legend>
      <SwitchSelect label={m.scarcity} value={merch.scarcity} onChange={(scarcity) => set({ scarcity })} />
      {merch.scarcity !== 'off' && (
        <label className="ed-field">
          <span>{m.scarcityText}</span>
          <input
            className="ed-input"
            value={merch.scarcityText}
            onChange={(e) => set({ scarcityText: e.target.value })}
            {...field('merchandising.scarcityText')}
          />
          <FieldError id="pe-merchandising.scarcityText" message={issues['merchandising.scarcityText']} />
        </label>
      )}
      <label className="ed-field">
        <span>{m.customSoldOutText}</span>
        <input
          className="ed-input"
          value={merch.customSoldOutText}
          onChange={(e) => set({ customSoldOutText: e.target.value })}
          {...field('merchandising.customSoldOutText')}
        />
        <FieldError
          id="pe-merchandising.customSoldOutText"
          message={issues['merchandising.customSoldOutText']}
        />
      </label>
      <SwitchSelect
        label={m.restockNotifications}
        value={merch.restockNotifications}
        onChange={(restockNotifications) => set({ restockNotifications })}
      />
      {merch.restockNotifications !== 'off' && (
        <>
          <SwitchSelect
            label={m.mailingListSignUp}
            value={merch.mailingListSignUp}
            onChange={(mailingListSignUp) => set({ mailingListSignUp })}
          />
          <SwitchSelect
            label={m.mailingListOptInByDefault}
            value={merch.mailingListOptInByDefault}
            onChange={(mailingListOptInByDefault) => set({ mailingListOptInByDefault })}
          />
        </>
      )}
    </fieldset>
  );
}

const MEASURES = ['weightGrams', 'lengthMm', 'widthMm', 'heightMm'] as const;

/** A physical product's weight and box size, for rates by weight. */
export function ShippingPanel({
  draft,
  change,
  issues,
}: {
  draft: ProductDraft;
  change: Change;
  issues: Issues;
}) {
  return (
    <fieldset className="ed-fieldset">
      <legend>{m.shippingMeasures}</legend>
      <label className="ed-check">
        <input
          type="checkbox"
          checked={draft.noShipping}
          aria-describedby="pe-noShipping-hint"
          onChange={(e) => change((d) => ({ ...d, noShipping: e.target.checked }))}
        />
        {tm.noShipping}
      </label>
      <p className="ed-field__hint" id="pe-noShipping-hint">
        {tm.noShippingHint}
      </p>
      <FieldError id="pe-noShipping" message={issues.noShipping} />
      <FieldError id="pe-shipping" message={issues.shipping} />
      {!draft.noShipping && (
        <div className="ed-variant-row">
          {MEASURES.map((key) => (
            <label key={key} className="ed-field">
              <span>{m[key]}</span>
              <input
                className="ed-input ed-input--narrow"
                type="number"
                min={0}
                step={1}
                value={draft.shipping[key]}
                onChange={(e) =>
                  change((d) => ({ ...d, shipping: { ...d.shipping, [key]: e.target.value } }))
                }
                {...fieldProps(issues, `shipping.${key}`)}
              />
              <FieldError id={`pe-shipping.${key}`} message={issues[`shipping.${key}`]} />
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** Whether tax is charged on the product; gift cards, never taxed, do not show it. */
export function TaxPanel({ draft, change, issues }: { draft: ProductDraft; change: Change; issues: Issues }) {
  return (
    <fieldset className="ed-fieldset">
      <legend>{tm.productTax}</legend>
      <label className="ed-check">
        <input
          type="checkbox"
          checked={draft.taxExempt}
          onChange={(e) => change((d) => ({ ...d, taxExempt: e.target.checked }))}
        />
        {tm.taxExempt}
      </label>
      <FieldError id="pe-taxExempt" message={issues.taxExempt} />
    </fieldset>
  );
}

/** Title and summary in each language the site adds. */
export function TranslationsPanel({
  draft,
  change,
  issues,
  languages,
}: {
  draft: ProductDraft;
  change: Change;
  issues: Issues;
  languages: readonly { code: string; name: string }[];
}) {
  const set = (code: string, patch: Partial<{ title: string; excerpt: string }>) =>
    change((d) => ({
      ...d,
      translations: {
        ...d.translations,
        [code]: { title: '', excerpt: '', ...d.translations[code], ...patch },
      },
    }));
  return (
    <fieldset className="ed-fieldset">
      <legend>{m.translations}</legend>
      <FieldError id="pe-translations" message={issues.translations} />
      {languages.length === 0 && <p>{m.noLanguages}</p>}
      {languages.map(({ code, name }) => (
        <div key={code} className="ed-translation" lang={code}>
          <label className="ed-field">
            <span>{m.translatedTitle(name)}</span>
            <input
              className="ed-input"
              value={draft.translations[code]?.title ?? ''}
              placeholder={draft.title}
              onChange={(e) => set(code, { title: e.target.value })}
              {...fieldProps(issues, `translations.${code}.title`)}
            />
            <FieldError id={`pe-translations.${code}.title`} message={issues[`translations.${code}.title`]} />
          </label>
          <label className="ed-field">
            <span>{m.translatedExcerpt(name)}</span>
            <textarea
              className="ed-input"
              rows={2}
              value={draft.translations[code]?.excerpt ?? ''}
              onChange={(e) => set(code, { excerpt: e.target.value })}
            />
          </label>
        </div>
      ))}
    </fieldset>
  );
}
