import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api';
import { storefrontMessages as t } from '../messages';
import { memberApi } from './member-session';

interface Address {
  id: string;
  fullName: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface AccountData {
  account: { email: string; emailVerified: boolean; language: string | null };
  orders: {
    id: string;
    orderNumber: number;
    createdOn: string;
    status: string;
    total: string;
    statusUrl: string;
  }[];
  subscriptions: {
    orderId: string;
    orderNumber: number;
    startedOn: string;
    total: string;
    cancelledOn: string | null;
    /** Renewals stopped after repeated declines. */
    pausedOn: string | null;
    /** When the next renewal charges; null once cancelled or paused. */
    nextBillingOn: string | null;
  }[];
  restockSignUps: {
    productId: string;
    variantId: string;
    productTitle: string;
    variantDescription: string;
    signedUpOn: string;
    notifiedOn: string | null;
  }[];
  addresses: Address[];
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
const errorText = (err: unknown) =>
  err instanceof ApiError && err.message ? err.message.replace(/^[\w.]+: /, '') : t.pleaseTryAgain;

const ADDRESS_FIELDS = ['fullName', 'line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;
const OPTIONAL = new Set(['line2', 'region']);
const AUTOCOMPLETE: Record<string, string> = {
  fullName: 'name',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
  country: 'country-name',
};

function AddressForm({
  address,
  onSave,
  onCancel,
}: {
  address?: Address;
  onSave: (a: Omit<Address, 'id'>) => Promise<void>;
  onCancel: () => void;
}) {
  const prefix = `address-${address?.id ?? 'new'}`;
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address?.[f] ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      ADDRESS_FIELDS.filter((f) => !OPTIONAL.has(f) && !values[f]?.trim()).map((f) => [
        f,
        fill(t.required, { field: t[f].toLowerCase() }),
      ]),
    );
    setErrors(missing);
    setFormError('');
    const first = ADDRESS_FIELDS.find((f) => missing[f]);
    if (first) {
      document.getElementById(`${prefix}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    onSave(values as Omit<Address, 'id'>)
      .catch((err: unknown) => setFormError(errorText(err)))
      .finally(() => setBusy(false));
  };

  return (
    <form className="account-form account-address-form" onSubmit={submit} noValidate aria-busy={busy}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {ADDRESS_FIELDS.map((f) => (
        <div className="account-field" key={f}>
          <label htmlFor={`${prefix}-${f}`}>{t[f]}</label>
          <input
            id={`${prefix}-${f}`}
            name={f}
            autoComplete={AUTOCOMPLETE[f]}
            value={values[f]}
            required={!OPTIONAL.has(f)}
            aria-invalid={errors[f] ? true : undefined}
            aria-describedby={errors[f] ? `${prefix}-${f}-error` : undefined}
            onChange={(e) => setValues({ ...values, [f]: e.currentTarget.value })}
          />
          {errors[f] && (
            <p className="field-error" id={`${prefix}-${f}-error`}>
              {errors[f]}
            </p>
          )}
        </div>
      ))}
      <div className="account-actions">
        <button type="submit" className="button" disabled={busy}>
          {t.saveAddress}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}

function Addresses({ addresses, reload }: { addresses: Address[]; reload: () => Promise<void> }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');
  const save = (id: string | null) => async (a: Omit<Address, 'id'>) => {
    await (id
      ? memberApi('PUT', `/api/site-users/account/addresses/${encodeURIComponent(id)}`, a)
      : memberApi('POST', '/api/site-users/account/addresses', a));
    setEditing(null);
    await reload();
  };
  const remove = (id: string) => {
    setError('');
    memberApi('DELETE', `/api/site-users/account/addresses/${encodeURIComponent(id)}`)
      .then(reload)
      .catch((err: unknown) => setError(errorText(err)));
  };
  return (
    <section className="account-card" aria-labelledby="account-addresses-title">
      <h2 id="account-addresses-title">{t.addresses}</h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {addresses.length === 0 && editing !== 'new' && <p className="account-empty">{t.noAddresses}</p>}
      <ul className="account-list">
        {addresses.map((a) => (
          <li key={a.id}>
            {editing === a.id ? (
              <AddressForm address={a} onSave={save(a.id)} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <address>
                  {[a.fullName, a.line1, a.line2, [a.postalCode, a.city].join(' '), a.region, a.country]
                    .filter(Boolean)
                    .map((l, i) => (
                      <span key={i}>
                        {l}
                        <br />
                      </span>
                    ))}
                </address>
                <div className="account-actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={fill(t.editAddressOf, { name: a.fullName })}
                    onClick={() => setEditing(a.id)}
                  >
                    {t.editAddress}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={fill(t.removeItem, { name: a.fullName })}
                    onClick={() => remove(a.id)}
                  >
                    {t.remove}
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <AddressForm onSave={save(null)} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t.addAddress}
        </button>
      )}
    </section>
  );
}

function VerifyNotice({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sent' | string>('idle');
  const resend = () => {
    memberApi('POST', '/api/site-users/account/verification')
      .then(() => setState('sent'))
      .catch((err: unknown) => setState(errorText(err)));
  };
  return (
    <div className="account-notice" role="region" aria-labelledby="account-verify-title">
      <h2 id="account-verify-title">{t.verifyTitle}</h2>
      <p>{fill(t.verifyText, { email })}</p>
      <button type="button" className="button" onClick={resend}>
        {t.resendLink}
      </button>
      <p role="status">{state === 'idle' ? '' : state === 'sent' ? t.linkSent : state}</p>
    </div>
  );
}

/** Cancelled wins over paused: a cancelled subscription never renews again either way. */
export function subscriptionStatus(
  s: Pick<AccountData['subscriptions'][number], 'cancelledOn' | 'pausedOn'>,
  date: (iso: string) => string,
): string {
  if (s.cancelledOn) return fill(t.cancelledOn, { date: date(s.cancelledOn) });
  if (s.pausedOn) return fill(t.pausedOn, { date: date(s.pausedOn) });
  return t.active;
}

export function AccountView({
  data,
  locale,
  reload,
}: {
  data: AccountData;
  locale: string;
  reload: () => Promise<void>;
}) {
  const [error, setError] = useState('');
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
  const act = (call: () => Promise<unknown>) => {
    setError('');
    call()
      .then(reload)
      .catch((err: unknown) => setError(errorText(err)));
  };
  const cancel = (orderId: string) => {
    if (!window.confirm(t.confirmCancel)) return;
    act(() =>
      memberApi('POST', `/api/site-users/account/subscriptions/${encodeURIComponent(orderId)}/cancel`),
    );
  };
  // The resume's answer belongs to its row: a decline says why next to the button that failed.
  const [resumeNote, setResumeNote] = useState<
    { orderId: string; text: string; failed: boolean } | undefined
  >();
  const [resuming, setResuming] = useState<string | undefined>();
  const resume = (s: AccountData['subscriptions'][number]) => {
    if (resuming || !window.confirm(fill(t.confirmResume, { total: s.total }))) return;
    setError('');
    setResumeNote(undefined);
    setResuming(s.orderId);
    memberApi<{ nextBillingOn: string | null }>(
      'POST',
      `/api/site-users/account/subscriptions/${encodeURIComponent(s.orderId)}/resume`,
    )
      .then(async ({ nextBillingOn }) => {
        await reload();
        setResumeNote({
          orderId: s.orderId,
          text: nextBillingOn ? fill(t.resumed, { date: date(nextBillingOn) }) : t.resumedEnded,
          failed: false,
        });
      })
      .catch((err: unknown) => setResumeNote({ orderId: s.orderId, text: errorText(err), failed: true }))
      .finally(() => setResuming(undefined));
  };
  const removeRestock = (productId: string, variantId: string) =>
    act(() =>
      memberApi(
        'DELETE',
        `/api/site-users/account/notifications/restock?${new URLSearchParams({ productId, variantId }).toString()}`,
      ),
    );

  return (
    <>
      <p className="account-email">{data.account.email}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!data.account.emailVerified && <VerifyNotice email={data.account.email} />}
      <div className="account-grid">
        <section className="account-card" aria-labelledby="account-orders-title">
          <h2 id="account-orders-title">{t.orders}</h2>
          {data.orders.length === 0 ? (
            <p className="account-empty">{t.noOrders}</p>
          ) : (
            <ul className="account-list">
              {data.orders.map((o) => (
                <li key={o.id} className="account-row">
                  <span>
                    <strong>{fill(t.orderNumber, { number: o.orderNumber })}</strong> · {date(o.createdOn)}
                  </span>
                  <span className="account-status-tag">{o.status}</span>
                  <span>{o.total}</span>
                  <a href={o.statusUrl} aria-label={fill(t.viewOrder, { number: o.orderNumber })}>
                    View
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="account-card" aria-labelledby="account-subscriptions-title">
          <h2 id="account-subscriptions-title">{t.subscriptions}</h2>
          {data.subscriptions.length === 0 ? (
            <p className="account-empty">{t.noSubscriptions}</p>
          ) : (
            <ul className="account-list">
              {data.subscriptions.map((s) => (
                <li key={s.orderId} className="account-row">
                  <span>
                    <strong>{fill(t.orderNumber, { number: s.orderNumber })}</strong> · {s.total}
                  </span>
                  <span className="account-status-tag">{subscriptionStatus(s, date)}</span>
                  {s.nextBillingOn && (
                    <span className="account-next-charge">
                      {fill(t.nextCharge, { date: date(s.nextBillingOn) })}
                    </span>
                  )}
                  {s.pausedOn && !s.cancelledOn && <span className="account-help">{t.pausedHelp}</span>}
                  {!s.cancelledOn && (
                    <span className="account-row__buttons">
                      {s.pausedOn && (
                        <button
                          type="button"
                          className="button"
                          onClick={() => resume(s)}
                          disabled={resuming !== undefined}
                          aria-busy={resuming === s.orderId}
                          aria-label={fill(t.resumeSubscription, { number: s.orderNumber })}
                        >
                          {resuming === s.orderId ? t.resuming : t.resume}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => cancel(s.orderId)}
                        aria-label={fill(t.cancelSubscription, { number: s.orderNumber })}
                      >
                        {t.cancel}
                      </button>
                    </span>
                  )}
                  {/* Always rendered, so screen readers announce the answer when it arrives. */}
                  <span
                    className="account-note"
                    role="status"
                    data-failed={resumeNote?.orderId === s.orderId && resumeNote.failed ? '' : undefined}
                  >
                    {resumeNote?.orderId === s.orderId ? resumeNote.text : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="account-card" aria-labelledby="account-restock-title">
          <h2 id="account-restock-title">{t.restockNotices}</h2>
          {data.restockSignUps.length === 0 ? (
            <p className="account-empty">{t.noRestock}</p>
          ) : (
            <ul className="account-list">
              {data.restockSignUps.map((r) => {
                const name = r.variantDescription
                  ? `${r.productTitle} (${r.variantDescription})`
                  : r.productTitle;
                return (
                  <li key={r.variantId} className="account-row">
                    <span>{name}</span>
                    <span className="account-status-tag">
                      {r.notifiedOn
                        ? fill(t.notified, { date: date(r.notifiedOn) })
                        : fill(t.waiting, { date: date(r.signedUpOn) })}
                    </span>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => removeRestock(r.productId, r.variantId)}
                      aria-label={fill(t.removeItem, { name })}
                    >
                      {t.remove}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <Addresses addresses={data.addresses} reload={reload} />
      </div>
    </>
  );
}

/** Loads the account and keeps it fresh after each change; the language select follows it. */
export function AccountRoot({ locale, onLoaded }: { locale: string; onLoaded: (data: AccountData) => void }) {
  const [data, setData] = useState<AccountData | undefined>();
  const [failed, setFailed] = useState(false);
  const load = async () => {
    try {
      const next = await memberApi<AccountData>('GET', '/api/site-users/account');
      setData(next);
      onLoaded(next);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) window.location.assign('/account/login');
      else setFailed(true);
    }
  };
  // Once, on mount: later loads follow the member's own changes.
  useEffect(() => {
    void load();
  }, []);
  if (failed) return <p role="alert">{t.unableToLoad}</p>;
  if (!data) return <p>{t.loadingAccount}</p>;
  return <AccountView data={data} locale={locale} reload={load} />;
}
