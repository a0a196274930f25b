import { formatMoneyText, parseMoneyText } from '@site/commerce-core/admin';
import {
  areaPriceLabel,
  MEMBER_AREA_LIMITS,
  memberAreaMessages,
  type AreaBilling,
  type AreaPrice,
  type MemberArea,
  type MemberAreaInput,
} from '@site/page-content';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { EmptyState } from '../EmptyState';
import { MoneyInput } from '../field/MoneyInput';
import { LoadStates } from '../ListStates';

/** A page the owner may put in an area (the server says which: owner's pages and collections). */
export interface GateablePage {
  id: string;
  title: string;
  path: string;
}

export interface MemberAreasPanelProps {
  areas: readonly MemberArea[];
  pages: readonly GateablePage[];
  /** The store's currency: prices are typed and shown in it. */
  currency: string;
  /** The owner's locale, which decides the decimal mark of a typed price. */
  locale?: string;
  /** Settles when the server has answered: the form closes on success, stays open on a refusal. */
  onCreate: (input: MemberAreaInput) => Promise<unknown>;
  onSave: (id: string, input: MemberAreaInput) => Promise<unknown>;
  onRemove: (id: string) => void;
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  /** A save or create is on its way. */
  isPending?: boolean;
  /** The server's refusal of the last save, shown in the open form. */
  error?: string;
  /** Only owners and admins change areas; the rest of the team reads them. */
  isReadOnly?: boolean;
  /** Who joined an area, shown under its card once the owner opens it (loaded only then). */
  renderMembers?: (area: MemberArea) => ReactNode;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const BILLING_LABELS: Record<AreaBilling, string> = {
  free: 'Free',
  once: 'One payment',
  month: 'Every month',
  year: 'Every year',
};

function AreaForm({
  initial,
  pages,
  currency,
  locale,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: MemberAreaInput & { price: AreaPrice };
  pages: readonly GateablePage[];
  currency: string;
  locale?: string;
  submitLabel: string;
  isPending?: boolean;
  error?: string;
  onSubmit: (input: MemberAreaInput) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description ?? '');
  const [pageIds, setPageIds] = useState<string[]>(initial.pageIds ?? []);
  const [billing, setBilling] = useState<AreaBilling>(initial.price.billing);
  const [amount, setAmount] = useState(() =>
    initial.price.billing === 'free'
      ? ''
      : formatMoneyText(BigInt(initial.price.amountMinor), { currency, locale }),
  );
  const [amountError, setAmountError] = useState<string>();
  /** The price as the server takes it, or the message to show beside the field. */
  const readPrice = (): AreaPrice | string => {
    if (billing === 'free') return { billing };
    const read = parseMoneyText(amount, { currency, locale, required: true });
    if (!read.ok) return read.message;
    if (read.minor === null || read.minor <= 0n) return memberAreaMessages.priceRequired;
    if (read.minor > 2_147_483_647n) return memberAreaMessages.priceTooHigh;
    return { billing, amountMinor: Number(read.minor) };
  };
  const toggle = (pageId: string, on: boolean) =>
    // Kept in the order the owner ticks them: the first is where "Join" leads.
    setPageIds((ids) => (on ? [...ids, pageId] : ids.filter((p) => p !== pageId)));
  return (
    <form
      className="ed-member-area-form"
      aria-label={submitLabel}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        const price = readPrice();
        if (typeof price === 'string') return setAmountError(price);
        setAmountError(undefined);
        onSubmit({ name, description, pageIds, price });
      }}
    >
      <div className="ed-field">
        <label className="ed-field__label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className="ed-input"
          value={name}
          required
          maxLength={MEMBER_AREA_LIMITS.name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="ed-field">
        <label className="ed-field__label" htmlFor={`${id}-description`}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className="ed-input"
          rows={3}
          value={description}
          maxLength={MEMBER_AREA_LIMITS.description}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby={`${id}-description-hint`}
        />
        <p className="ed-field__hint" id={`${id}-description-hint`}>
          Visitors read it on the join screen and in the Member area block.
        </p>
      </div>
      <div className="ed-field">
        <label className="ed-field__label" htmlFor={`${id}-billing`}>
          Price to join
        </label>
        <select
          id={`${id}-billing`}
          className="ed-input"
          value={billing}
          onChange={(e) => setBilling(e.target.value as AreaBilling)}
          aria-describedby={`${id}-billing-hint`}
        >
          {(Object.keys(BILLING_LABELS) as AreaBilling[]).map((b) => (
            <option key={b} value={b}>
              {BILLING_LABELS[b]}
            </option>
          ))}
        </select>
        <p className="ed-field__hint" id={`${id}-billing-hint`}>
          {billing === 'free'
            ? 'Anyone with a verified account joins for free.'
            : billing === 'once'
              ? 'Members pay once at your store’s checkout and keep the area.'
              : 'Members pay at your store’s checkout and keep the area while their subscription runs.'}
        </p>
      </div>
      {billing !== 'free' && (
        <MoneyInput
          id={`${id}-amount`}
          label="Amount"
          value={amount}
          onChange={setAmount}
          currency={currency}
          locale={locale}
          required
          error={amountError}
        />
      )}
      <fieldset className="ed-field">
        <legend className="ed-field__label">Pages only members see</legend>
        {pages.length === 0 && <p className="ed-muted">Add a page first: the home page stays open to all.</p>}
        <ul className="ed-member-area-form__pages">
          {pages.map((p) => (
            <li key={p.id}>
              <label className="ed-checkbox">
                <input
                  type="checkbox"
                  checked={pageIds.includes(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                />{' '}
                {p.title} <span className="ed-muted">{p.path}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {error && (
        <p className="ed-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="ed-field__row">
        <button type="submit" className="ed-button ed-button--primary" disabled={isPending}>
          {isPending ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="ed-button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The site's member areas: each with its description, its pages and how many joined; owners and
 * admins create one, change it or remove it (its pages then open to everyone).
 */
export function MemberAreasPanel({
  areas,
  pages,
  currency,
  locale,
  onCreate,
  onSave,
  onRemove,
  isLoading,
  loadError,
  onRetry,
  isPending,
  error,
  isReadOnly,
  renderMembers,
}: MemberAreasPanelProps) {
  // 'new', an area's id, or nothing open.
  const [open, setOpen] = useState<string>();
  const [showing, setShowing] = useState<ReadonlySet<string>>(new Set());
  const toggleMembers = (id: string) =>
    setShowing((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const titles = new Map(pages.map((p) => [p.id, p.title]));
  const closeAfter = (saving: Promise<unknown>) =>
    saving.then(
      () => setOpen(undefined),
      // The refusal is shown through `error`; the owner's typing stays in the form.
      () => undefined,
    );
  return (
    <section className="ed-member-areas" aria-label="Member areas">
      <LoadStates
        isLoading={isLoading}
        loadingText="Loading member areas…"
        loadError={loadError}
        onRetry={onRetry}
      />
      {!isLoading && !loadError && areas.length === 0 && open !== 'new' && (
        <EmptyState title="No member areas yet">
          A member area keeps pages for the people who join it. Visitors see its name and description and a
          Join button instead of the pages; members see the pages.
        </EmptyState>
      )}
      {!isReadOnly && open !== 'new' && (
        <button type="button" className="ed-button ed-button--primary" onClick={() => setOpen('new')}>
          New member area
        </button>
      )}
      {open === 'new' && (
        <AreaForm
          initial={{ name: '', description: '', pageIds: [], price: { billing: 'free' } }}
          pages={pages}
          currency={currency}
          locale={locale}
          submitLabel="Create member area"
          isPending={isPending}
          error={error}
          onSubmit={(input) => void closeAfter(onCreate(input))}
          onCancel={() => setOpen(undefined)}
        />
      )}
      <ul className="ed-member-areas__list">
        {areas.map((a) => (
          <li key={a.id} className="ed-member-areas__item">
            {open === a.id ? (
              <AreaForm
                initial={a}
                pages={pages}
                currency={currency}
                locale={locale}
                submitLabel="Save member area"
                isPending={isPending}
                error={error}
                onSubmit={(input) => void closeAfter(onSave(a.id, input))}
                onCancel={() => setOpen(undefined)}
              />
            ) : (
              <>
                <h2 className="ed-member-areas__name">{a.name}</h2>
                {a.description && <p>{a.description}</p>}
                <p className="ed-muted">
                  {a.price.billing === 'free'
                    ? 'Free · '
                    : `${areaPriceLabel(a.price, a.currency)} · ${plural(a.payingCount, 'paying member', 'paying members')} · `}
                  {plural(a.memberCount, 'member', 'members')} ·{' '}
                  {a.pageIds.length === 0
                    ? 'no pages yet'
                    : a.pageIds.map((id) => titles.get(id) ?? id).join(', ')}
                </p>
                <div className="ed-field__row">
                  {renderMembers && a.memberCount > 0 && (
                    <button
                      type="button"
                      className="ed-button"
                      aria-expanded={showing.has(a.id)}
                      aria-label={`${showing.has(a.id) ? 'Hide members' : 'Members'} of ${a.name}`}
                      onClick={() => toggleMembers(a.id)}
                    >
                      {showing.has(a.id) ? 'Hide members' : 'Members'}
                    </button>
                  )}
                  {!isReadOnly && (
                    <>
                      <button
                        type="button"
                        className="ed-button"
                        aria-label={`Edit ${a.name}`}
                        onClick={() => setOpen(a.id)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="ed-button ed-button--danger"
                        aria-label={`Remove ${a.name}`}
                        onClick={() => onRemove(a.id)}
                      >
                        Remove
                      </button>
                    </>
                  )}
                </div>
                {renderMembers && showing.has(a.id) && renderMembers(a)}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
