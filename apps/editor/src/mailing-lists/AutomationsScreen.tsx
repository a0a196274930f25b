import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEventName,
  type WebhookView,
} from '@site/page-content';
import { AutomationPanel } from '@site/ui';
import { useId, useState, type FormEvent } from 'react';
import { useMe } from '../api/session';
import { useDeliveries, useWebhookMutations, useWebhooks } from '../api/webhooks';

function Deliveries({ hook }: { hook: WebhookView }) {
  const deliveries = useDeliveries(hook.id);
  if (!deliveries.data?.length) return <p className="ed-muted">No deliveries yet.</p>;
  return (
    <table className="ed-table">
      <caption className="visually-hidden">Deliveries to {hook.url}</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Answer</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((d) => (
          <tr key={d.id} data-status={d.status}>
            <td>{WEBHOOK_EVENT_LABELS[d.event]}</td>
            <td>{d.status}</td>
            <td>{d.attempts}</td>
            <td>{d.lastError ?? d.responseStatus ?? '—'}</td>
            <td>{new Date(d.createdAt).toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function NewWebhook() {
  const id = useId();
  const { create } = useWebhookMutations();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventName[]>(['form.submitted']);
  const message = create.error instanceof Error ? create.error.message : '';
  return (
    <form
      className="ed-field"
      // The server's message names what a webhook URL needs; the browser's own bubble would not.
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        create.mutate({ url, events }, { onSuccess: () => setUrl('') });
      }}
    >
      <label className="ed-field__label" htmlFor={id}>
        Webhook URL
      </label>
      <input
        id={id}
        className="ed-input"
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://hooks.zapier.com/…"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      <fieldset className="ed-list">
        <legend className="ed-field__label">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="ed-field ed-field--toggle">
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(e) =>
                setEvents(e.target.checked ? [...events, event] : events.filter((x) => x !== event))
              }
            />
            {WEBHOOK_EVENT_LABELS[event]}
          </label>
        ))}
      </fieldset>
      {message && (
        <p id={`${id}-error`} className="ed-field__error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="ed-button ed-button--primary" disabled={create.isPending}>
        Add webhook
      </button>
      {create.data?.secret && (
        <p className="ed-notice" role="status">
          Signing secret (shown once): <code>{create.data.secret}</code>. Deliveries carry{' '}
          <code>X-Site-Signature: sha256=HMAC(secret, timestamp + "." + body)</code>.
        </p>
      )}
    </form>
  );
}

/** /config/automations: outgoing webhooks for the site's events and their deliveries. */
export function AutomationsScreen() {
  const readOnly = !useMe().data?.canEdit;
  const hooks = useWebhooks();
  const { remove } = useWebhookMutations();
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Automations</h1>
      </header>
      <AutomationPanel
        connectedCount={hooks.data?.length ?? 0}
        isLoading={hooks.isPending}
        error={hooks.error?.message}
        manageHref="/config/automations"
      />
      {!readOnly && <NewWebhook />}
      {hooks.data?.map((hook) => (
        <section key={hook.id} aria-label={hook.url} className="ed-mailing__hook">
          <div className="ed-field__row">
            <h2>{hook.url}</h2>
            <span className="ed-muted">{hook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}</span>
            {!readOnly && (
              <button
                type="button"
                className="ed-button ed-button--danger"
                onClick={() => remove.mutate(hook.id)}
                aria-label={`Remove ${hook.url}`}
              >
                Remove
              </button>
            )}
          </div>
          <Deliveries hook={hook} />
        </section>
      ))}
    </div>
  );
}
