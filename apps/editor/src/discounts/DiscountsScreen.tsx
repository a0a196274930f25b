import { mayDo } from '@site/page-content';
import {
  dayInZone,
  discountWindow,
  formatMinorWithSymbol,
  isCurrencyCode,
  type CurrencyCode,
  type DiscountListItem,
} from '@site/commerce-core';
import { ConfirmDialog, EditorField, EmptyState, MoneyInput, ShowMore } from '@site/ui';
import { useId, useState } from 'react';
import { useArchiveDiscount, useDiscounts, useSaveDiscount } from '../api/discounts';
import { useEditorSite } from '../api/editor-site';
import { useSiteTimeZone } from '../api/site-time-zone';
import { issuesByPath } from '../api/http';
import { useProducts } from '../api/products';
import { useMe } from '../api/session';
import { errorMessage } from '../screen-kit/save-state';
import { ownerLocale } from '../store/owner-locale';
import { checkForm, describeEffect, EMPTY_FORM, formOf, type DiscountForm } from './discount-form';

type Editing = { id?: string; initial: DiscountForm };

/** /config/discounts: codes and automatic discounts, their uses and revenue, a form to add or change one. */
export function DiscountsScreen() {
  const me = useMe();
  const site = useEditorSite();
  const discounts = useDiscounts();
  const list = discounts.data?.pages.flatMap((p) => p.discounts) ?? [];
  const archive = useArchiveDiscount();
  // Store screens follow the manage-store right: a store manager edits here, not pages.
  const readOnly = !mayDo(me.data?.roles ?? [], 'manage-store');
  const currency: CurrencyCode = isCurrencyCode(site.data?.website.currency)
    ? site.data.website.currency
    : 'USD';
  const timeZone = useSiteTimeZone().zone;
  const [editing, setEditing] = useState<Editing>();
  const [archiving, setArchiving] = useState<DiscountListItem>();

  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Discounts</h1>
        {!readOnly && !editing && (
          <button
            type="button"
            className="ed-button ed-button--primary"
            onClick={() => setEditing({ initial: EMPTY_FORM })}
          >
            New discount
          </button>
        )}
      </header>
      <p className="ed-muted">
        A code shoppers type at checkout, or an automatic discount that applies by itself when its conditions
        hold. Automatic discounts apply first, then one code (or several marked combinable); each works on
        what the ones before it left.
      </p>
      {editing && (
        <DiscountEditor
          key={editing.id ?? 'new'}
          editing={editing}
          currency={currency}
          timeZone={timeZone}
          onDone={() => setEditing(undefined)}
        />
      )}
      {discounts.isPending ? (
        <p className="ed-loading" role="status">
          Loading discounts…
        </p>
      ) : discounts.isError && list.length === 0 ? (
        <EmptyState title={errorMessage(discounts.error)}>
          <button type="button" className="ed-button" onClick={() => void discounts.refetch()}>
            Try again
          </button>
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState title="No discounts yet">
          <p className="ed-muted">Create a code to share, or an automatic discount such as free shipping.</p>
        </EmptyState>
      ) : (
        <>
          <div className="ed-discounts__scroll">
            <table className="ed-table ed-discounts">
              <thead>
                <tr>
                  <th scope="col">Discount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Uses</th>
                  <th scope="col">Revenue</th>
                  {!readOnly && (
                    <th scope="col">
                      <span className="ed-visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {list.map((d) => (
                  <tr key={d.id}>
                    <th scope="row">
                      {d.name}
                      <span className="ed-table__sub">
                        {d.code ?? 'Automatic'} · {describeEffect(d.effect, currency)}
                      </span>
                    </th>
                    <td>{statusOf(d, dayInZone(new Date(), timeZone))}</td>
                    <td>{d.usageLimit === null ? d.usedCount : `${d.usedCount} of ${d.usageLimit}`}</td>
                    <td>{formatMinorWithSymbol(BigInt(d.revenueCents), currency)}</td>
                    {!readOnly && (
                      <td>
                        {!d.archived && (
                          <div className="ed-row">
                            <button
                              type="button"
                              className="ed-button"
                              aria-label={`Edit ${d.name}`}
                              onClick={() =>
                                setEditing({ id: d.id, initial: formOf(d, currency, ownerLocale()) })
                              }
                            >
                              Edit
                            </button>
                            <button
                              type="button"
                              className="ed-button"
                              aria-label={`Archive ${d.name}`}
                              onClick={() => setArchiving(d)}
                            >
                              Archive
                            </button>
                          </div>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ShowMore
            hasMore={discounts.hasNextPage}
            isLoading={discounts.isFetchingNextPage}
            error={discounts.isFetchNextPageError ? errorMessage(discounts.error) : undefined}
            onMore={() => void discounts.fetchNextPage()}
          />
        </>
      )}
      {archive.error && (
        <p className="ed-banner ed-banner--error" role="alert">
          {errorMessage(archive.error)}
        </p>
      )}
      <ConfirmDialog
        isOpen={Boolean(archiving)}
        title={`Archive “${archiving?.name ?? ''}”?`}
        onDismiss={() => setArchiving(undefined)}
        actions={[
          { label: 'Cancel', onPress: () => setArchiving(undefined) },
          {
            label: 'Archive',
            variant: 'danger',
            onPress: () => {
              if (archiving) archive.mutate(archiving.id);
              setArchiving(undefined);
            },
          },
        ]}
      >
        <p>
          It stops applying at once. It stays in this list with its uses and revenue, and its code stays
          taken.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function statusOf(d: DiscountListItem, today: string): string {
  if (d.archived) return 'Archived';
  if (d.usageLimit !== null && d.usedCount >= d.usageLimit) return 'Used up';
  const window = discountWindow(d, today);
  return window === 'expired' ? 'Expired' : window === 'not-yet-valid' ? `Starts ${d.startsOn}` : 'Active';
}

function DiscountEditor({
  editing,
  currency,
  timeZone,
  onDone,
}: {
  editing: Editing;
  currency: CurrencyCode;
  timeZone: string;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveDiscount();
  const products = useProducts({});
  const [form, setForm] = useState<DiscountForm>(editing.initial);
  const [local, setLocal] = useState<Partial<Record<keyof DiscountForm, string>>>({});
  const errors: Partial<Record<string, string>> = { ...issuesByPath(save.error), ...local };
  const set = (change: Partial<DiscountForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setLocal({});
    if (save.error) save.reset();
  };
  const submit = () => {
    const checked = checkForm(form, currency, locale);
    if (!checked.ok) return setLocal(checked.issues);
    save.mutate({ id: editing.id, draft: checked.draft }, { onSuccess: onDone });
  };
  const productList = products.data?.pages.flatMap((p) => p.products) ?? [];
  const locale = ownerLocale();
  const money = (field: 'amount' | 'minimumAmount', label: string) => (
    <MoneyInput
      label={label}
      currency={currency}
      locale={locale}
      value={form[field]}
      onChange={(value) => set({ [field]: value })}
      error={errors[field]}
    />
  );
  const text = (
    field: keyof DiscountForm,
    label: string,
    props: { hint?: string; placeholder?: string; inputMode?: 'decimal' | 'numeric'; type?: string } = {},
  ) => (
    <EditorField label={label} hint={props.hint} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          className="ed-input"
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          value={form[field] as string}
          onChange={(e) => set({ [field]: e.target.value })}
        />
      )}
    </EditorField>
  );
  const choice = <K extends keyof DiscountForm>(
    field: K,
    label: string,
    options: [DiscountForm[K], string][],
  ) => (
    <EditorField label={label} error={errors[field]}>
      {(control) => (
        <select
          {...control}
          className="ed-input"
          value={String(form[field])}
          onChange={(e) => set({ [field]: e.target.value } as Partial<DiscountForm>)}
        >
          {options.map(([value, name]) => (
            <option key={String(value)} value={String(value)}>
              {name}
            </option>
          ))}
        </select>
      )}
    </EditorField>
  );

  return (
    <form
      className="ed-card ed-form ed-discount-form"
      aria-label={editing.id ? 'Edit discount' : 'New discount'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="ed-card__title">{editing.id ? 'Edit discount' : 'New discount'}</h2>
      {text('name', 'Name', {
        hint: 'Shown to shoppers in the order summary.',
        placeholder: 'e.g. Spring sale',
      })}
      <fieldset className="ed-discount-form__kind">
        <legend className="ed-field__label">How it applies</legend>
        <label className="ed-check">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={!form.automatic}
            onChange={() => set({ automatic: false })}
          />
          With a code
        </label>
        <label className="ed-check">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={form.automatic}
            onChange={() => set({ automatic: true })}
          />
          Automatically
        </label>
      </fieldset>
      {!form.automatic &&
        text('code', 'Code', {
          hint: 'Letters, digits, - and _; shoppers may type it in any case.',
          placeholder: 'SPRING20',
        })}
      {choice('effect', 'Discount', [
        ['percentage', 'Percentage off'],
        ['fixed-amount', 'Amount off the order'],
        ['free-shipping', 'Free shipping'],
        ['buy-x-get-y', 'Buy some, get some'],
      ])}
      {form.effect === 'percentage' &&
        text('percent', 'Percentage off', { inputMode: 'decimal', placeholder: '20' })}
      {form.effect === 'fixed-amount' && money('amount', 'Amount off')}
      {form.effect === 'buy-x-get-y' && (
        <div className="ed-form__grid">
          {text('buyQuantity', 'Buy (items)', { inputMode: 'numeric' })}
          {text('getQuantity', 'Get (items)', { inputMode: 'numeric' })}
          {text('getPercent', 'Off those (%)', {
            inputMode: 'decimal',
            hint: '100 makes them free; the cheapest items are the ones discounted.',
          })}
        </div>
      )}
      {choice('scope', 'Applies to', [
        ['all', 'All products'],
        ['categories', 'Products in categories'],
        ['products', 'Chosen products'],
      ])}
      {form.scope === 'categories' &&
        text('categories', 'Categories', {
          hint: 'Separate them with commas.',
          placeholder: 'Bags, Stationery',
        })}
      {form.scope === 'products' && (
        <fieldset
          className="ed-form__grid"
          aria-describedby={errors.productIds ? `${id}-products-error` : undefined}
        >
          <legend className="ed-field__label">Products</legend>
          {productList.map((p) => (
            <label key={p.id} className="ed-check">
              <input
                type="checkbox"
                checked={form.productIds.includes(p.id)}
                onChange={(e) =>
                  set({
                    productIds: e.target.checked
                      ? [...form.productIds, p.id]
                      : form.productIds.filter((x) => x !== p.id),
                  })
                }
              />
              {p.title}
            </label>
          ))}
          {errors.productIds && (
            <p className="ed-field__error" id={`${id}-products-error`}>
              {errors.productIds}
            </p>
          )}
        </fieldset>
      )}
      {choice('minimum', 'Minimum', [
        ['none', 'None'],
        ['subtotal', 'Order amount'],
        ['quantity', 'Number of items'],
      ])}
      {form.minimum === 'subtotal' && money('minimumAmount', 'Minimum amount')}
      {form.minimum === 'quantity' && text('minimumQuantity', 'Minimum items', { inputMode: 'numeric' })}
      <div className="ed-form__grid">
        {text('startsOn', 'Starts on', { type: 'date', hint: `Optional; days in ${timeZone}.` })}
        {text('endsOn', 'Ends on', { type: 'date', hint: 'Optional; it applies through this day.' })}
      </div>
      <div className="ed-form__grid">
        {text('usageLimit', 'Uses in total', { inputMode: 'numeric', hint: 'Empty: no limit.' })}
        {text('perCustomerLimit', 'Uses per customer', {
          inputMode: 'numeric',
          hint: 'By email. Empty: no limit.',
        })}
      </div>
      {!form.automatic && (
        <label className="ed-check">
          <input
            type="checkbox"
            checked={form.combinable}
            onChange={(e) => set({ combinable: e.target.checked })}
          />
          Can be combined with other combinable codes
        </label>
      )}
      {save.error && Object.keys(issuesByPath(save.error)).length === 0 && (
        <p className="ed-banner ed-banner--error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="ed-row">
        <button type="submit" className="ed-button ed-button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save discount'}
        </button>
        <button type="button" className="ed-button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
