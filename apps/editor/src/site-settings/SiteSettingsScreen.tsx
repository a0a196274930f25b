import type { SiteDomain } from '@site/page-content';
import { EditorField } from '@site/ui';
import { useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useEditorSite } from '../api/editor-site';
import { useMe } from '../api/session';
import { CaptchaSettingsForm } from './CaptchaSettingsForm';
import { PaymentSettingsForm } from './PaymentSettingsForm';
import { RobotsSettingsForm } from './RobotsSettingsForm';
import { SiteExportSection } from './SiteExportSection';
import { useAddDomain, useDomains, useRemoveDomain, useRemoveSite, useVerifyDomain } from '../api/site-admin';

function DomainRow({ domain, canManage }: { domain: SiteDomain; canManage: boolean }) {
  const verify = useVerifyDomain();
  const remove = useRemoveDomain();
  const error = verify.error ?? remove.error;
  return (
    <li className="ed-domain">
      <div className="ed-domain__head">
        <a className="ed-domain__host" href={`https://${domain.host}/`} target="_blank" rel="noreferrer">
          {domain.host}
        </a>
        <span className={`ed-badge ${domain.verified ? 'ed-badge--published' : 'ed-badge--pending'}`}>
          {domain.kind === 'default' ? 'Site address' : domain.verified ? 'Connected' : 'Waiting for DNS'}
        </span>
      </div>
      {domain.verification && !domain.verified && (
        <div className="ed-domain__record">
          <p className="ed-field__hint">
            At your DNS provider, add this TXT record, then verify. Until then the domain shows nothing.
          </p>
          <dl className="ed-domain__dns">
            <dt>Type</dt>
            <dd>TXT</dd>
            <dt>Name</dt>
            <dd>
              <code>{domain.verification.name}</code>
            </dd>
            <dt>Value</dt>
            <dd>
              <code>{domain.verification.value}</code>
            </dd>
          </dl>
          <p className="ed-field__hint">
            Also point the domain itself at this server (a CNAME or A record, as your host’s setup guide
            says).
          </p>
        </div>
      )}
      {error && (
        <p className="ed-field__error" role="alert">
          {error.message}
        </p>
      )}
      {canManage && domain.kind === 'custom' && (
        <div className="ed-domain__actions">
          {!domain.verified && (
            <button
              type="button"
              className="ed-button ed-button--primary"
              disabled={verify.isPending}
              onClick={() => verify.mutate(domain.host)}
            >
              {verify.isPending ? 'Checking DNS…' : 'Verify'}
            </button>
          )}
          <button
            type="button"
            className="ed-button ed-button--ghost"
            disabled={remove.isPending}
            aria-label={`Remove ${domain.host}`}
            onClick={() => remove.mutate(domain.host)}
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </button>
        </div>
      )}
    </li>
  );
}

function AddDomainForm() {
  const add = useAddDomain();
  const [host, setHost] = useState('');
  const error = issuesByPath(add.error).host ?? add.error?.message;
  return (
    <form
      className="ed-domain-add"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(host, { onSuccess: () => setHost('') });
      }}
    >
      <EditorField label="Add a domain you own" required error={error} announceError>
        {(control) => (
          <div className="ed-field__row">
            <input
              {...control}
              className="ed-input"
              placeholder="shop.example.com"
              autoCapitalize="none"
              spellCheck={false}
              value={host}
              onChange={(e) => setHost(e.target.value)}
            />
            <button
              type="submit"
              className="ed-button ed-button--primary"
              disabled={add.isPending || !host.trim()}
            >
              {add.isPending ? 'Adding…' : 'Add'}
            </button>
          </div>
        )}
      </EditorField>
    </form>
  );
}

function RemoveSite({
  title,
  onRemoved,
}: {
  title: string;
  onRemoved: (removed: { restorableUntil: string; restoreUrl: string }) => void;
}) {
  const id = useId();
  const remove = useRemoveSite();
  const [typed, setTyped] = useState('');
  const error = issuesByPath(remove.error).confirmTitle ?? remove.error?.message;
  return (
    <form
      className="ed-danger-zone"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate(typed, { onSuccess: onRemoved });
      }}
    >
      <h2 id={`${id}-title`}>Remove this site</h2>
      <p className="ed-field__hint">
        Visitors get “not found” at every address of the site at once. Its pages, products and orders are kept
        for 30 days, in case you change your mind.
      </p>
      <EditorField
        label={
          <>
            Type <strong>{title}</strong> to confirm
          </>
        }
        error={error}
        announceError
      >
        {(control) => (
          <input
            {...control}
            className="ed-input"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
      </EditorField>
      <button
        type="submit"
        className="ed-button ed-button--danger"
        disabled={remove.isPending || typed.trim() !== title.trim()}
      >
        {remove.isPending ? 'Removing…' : 'Remove site'}
      </button>
    </form>
  );
}

/** /config/site-settings: the site's addresses (its own and custom domains), its captcha key and removing the site. Owner only. */
export function SiteSettingsScreen() {
  const me = useMe();
  const site = useEditorSite();
  const domains = useDomains();
  const isOwner = me.data?.roles.includes('owner') ?? false;
  const [removed, setRemoved] = useState<{ restorableUntil: string; restoreUrl: string }>();
  if (removed) {
    // Nothing of the site answers any more, this editor included: only the outcome is left to show.
    return (
      <div className="ed-screen">
        <p className="ed-banner" role="status">
          The site is removed and no longer answers at its addresses. Its content is kept until{' '}
          {new Date(removed.restorableUntil).toLocaleDateString()}: until then you can{' '}
          <a href={removed.restoreUrl}>restore it</a> with your email and password.
        </p>
      </div>
    );
  }
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Domains</h1>
      </header>
      {!isOwner ? (
        <p className="ed-banner" role="status">
          Only the site’s owner can manage its domains.
        </p>
      ) : (
        <>
          <section aria-labelledby="ed-domains-title" className="ed-domains">
            <h2 id="ed-domains-title" className="visually-hidden">
              Addresses
            </h2>
            {domains.isPending && (
              <p className="ed-loading" role="status">
                Loading domains…
              </p>
            )}
            {domains.error && (
              <p className="ed-banner ed-banner--error" role="alert">
                {domains.error.message}{' '}
                <button
                  type="button"
                  className="ed-button ed-button--ghost"
                  onClick={() => void domains.refetch()}
                >
                  Try again
                </button>
              </p>
            )}
            {domains.data && domains.data.length === 0 && (
              <p className="ed-field__hint">This site has no address of its own on this server yet.</p>
            )}
            {domains.data && domains.data.length > 0 && (
              <ul className="ed-domain-list">
                {domains.data.map((d) => (
                  <DomainRow key={d.host} domain={d} canManage={isOwner} />
                ))}
              </ul>
            )}
            <AddDomainForm />
          </section>
          <CaptchaSettingsForm />
          <RobotsSettingsForm />
          <PaymentSettingsForm />
          <SiteExportSection />
          {site.data && <RemoveSite title={site.data.website.siteTitle} onRemoved={setRemoved} />}
        </>
      )}
    </div>
  );
}
