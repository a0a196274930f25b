import type { SsoConnectionResult, SsoProviderView, SsoSettingsView } from '@site/page-content';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { EditorField } from '../field/EditorField';

export const signInProvidersMessages = {
  intro:
    'Let members sign in with an account they already have — Google, Microsoft, Okta, Auth0, Keycloak or any provider that speaks OpenID Connect. Each one you add shows as a “Sign in with …” button on your site’s sign-in screen.',
  loading: 'Loading sign-in providers…',
  readOnly: 'Only the site’s owner and admins can change how members sign in.',
  emptyTitle: 'No sign-in providers yet',
  emptyBody:
    'At your provider, create an app (it may be called a client or an application) of the kind “web application”. It gives you three things to enter here: the issuer URL, a client ID and a client secret. Give it the redirect URL below.',
  redirectLabel: 'Redirect URL',
  redirectHint:
    'Paste this into your provider’s app settings, where it asks for a redirect, callback or sign-in URL.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Select the address and copy it yourself.',
  add: 'Add a provider',
  addTitle: 'Add a sign-in provider',
  editTitle: (name: string) => `Change ${name}`,
  name: 'Button name',
  nameHint: 'Visitors see “Sign in with” followed by this, such as Google.',
  issuer: 'Issuer URL',
  issuerHint: 'From your provider’s app settings, such as https://accounts.google.com.',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  clientSecretHint: 'Stored sealed: after saving, only its last four characters are ever shown.',
  storedSecret: (ending: string) => `Stored secret: •••• ${ending}`,
  storedSecretUnreadable:
    'The stored secret cannot be read on this server (the site was restored from another one). Enter it again.',
  replaceSecret: 'Replace secret',
  keepSecret: 'Keep the stored secret',
  save: 'Save',
  saveNew: 'Add provider',
  cancel: 'Cancel',
  test: 'Test connection',
  testing: 'Testing…',
  edit: (name: string) => `Change ${name}`,
  editShort: 'Change',
  remove: (name: string) => `Remove ${name}`,
  removeShort: 'Remove',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeBody:
    'Its button leaves the sign-in screen at once. Members who signed in with it keep their accounts: they can still sign in with their email address by resetting their password.',
  enabled: (name: string) => `Show “Sign in with ${name}” on the sign-in screen`,
  off: 'Off: visitors do not see this button.',
  yourProviders: 'Your sign-in providers',
} as const;

/** What the owner typed; an empty secret on a change keeps the stored one. */
export interface SignInProviderDraft {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}
export type SignInProviderField = keyof SignInProviderDraft;

/** The server's refusal of the last save: its message, and the fields it named. */
export interface SignInProviderSaveError {
  message: string;
  fields?: Partial<Record<SignInProviderField, string>>;
}

export interface SignInProvidersPanelProps {
  settings?: SsoSettingsView;
  isLoading?: boolean;
  /** Why the providers could not be loaded. */
  loadError?: string;
  /** A viewer or editor: everything shown, nothing to change. */
  isReadOnly?: boolean;
  /** A save, removal or switch is on its way. */
  isPending?: boolean;
  /** Answers when saved (the form closes); rejects when refused (the form stays, with `saveError`). */
  onSave: (draft: SignInProviderDraft, id?: string) => Promise<unknown>;
  /** The last save's refusal, shown next to the fields it names. */
  saveError?: SignInProviderSaveError;
  onRemove: (id: string) => void;
  onSetEnabled: (id: string, enabled: boolean) => void;
  /** Fetches the issuer's settings: answers what the server says, or rejects with a refusal. */
  onTest: (issuer: string) => Promise<SsoConnectionResult>;
}

/** The redirect URL with a copy button: what the owner pastes at their provider. */
function RedirectUrl({ url }: { url: string }) {
  const m = signInProvidersMessages;
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <EditorField label={m.redirectLabel} hint={m.redirectHint} className="ed-signin-providers__redirect">
      {(control) => (
        <div className="ed-signin-providers__copy">
          <input
            {...control}
            className="ed-input"
            value={url}
            readOnly
            spellCheck={false}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="ed-button" onClick={() => void copy()}>
            {m.copy}
          </button>
          <span role="status" className="ed-field__hint">
            {copied === 'yes' ? m.copied : copied === 'failed' ? m.copyFailed : ''}
          </span>
        </div>
      )}
    </EditorField>
  );
}

/** The answer of the last "Test connection", said as the server put it. */
function TestResult({ result }: { result?: SsoConnectionResult }) {
  return (
    <p
      role="status"
      className={
        result
          ? `ed-signin-providers__test ed-signin-providers__test--${result.ok ? 'ok' : 'bad'}`
          : undefined
      }
    >
      {result?.message ?? ''}
    </p>
  );
}

function useTester(onTest: SignInProvidersPanelProps['onTest']) {
  const [result, setResult] = useState<SsoConnectionResult>();
  const [testing, setTesting] = useState(false);
  const run = async (issuer: string) => {
    setTesting(true);
    setResult(undefined);
    try {
      setResult(await onTest(issuer));
    } catch (err) {
      setResult({ ok: false, message: (err as Error).message });
    } finally {
      setTesting(false);
    }
  };
  return { result, testing, run };
}

function ProviderForm({
  provider,
  onSave,
  onCancel,
  onTest,
  saveError,
  isPending,
}: {
  provider?: SsoProviderView;
  onSave: SignInProvidersPanelProps['onSave'];
  onCancel: () => void;
  onTest: SignInProvidersPanelProps['onTest'];
  saveError?: SignInProviderSaveError;
  isPending?: boolean;
}) {
  const m = signInProvidersMessages;
  const headingId = useId();
  const [draft, setDraft] = useState<SignInProviderDraft>({
    name: provider?.name ?? '',
    issuer: provider?.issuer ?? '',
    clientId: provider?.clientId ?? '',
    clientSecret: '',
  });
  // A stored secret that can be read stays unless the owner chooses to replace it.
  const [replacing, setReplacing] = useState(!provider || provider.clientSecretEnding === '');
  const [submitted, setSubmitted] = useState(false);
  const tester = useTester(onTest);
  const fields = submitted ? (saveError?.fields ?? {}) : {};
  const others =
    submitted && saveError && !Object.keys(saveError.fields ?? {}).length ? saveError.message : '';
  const set = (field: SignInProviderField) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    onSave({ ...draft, clientSecret: replacing ? draft.clientSecret : '' }, provider?.id).catch(
      () => undefined,
    );
  };
  return (
    <form className="ed-signin-providers__form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{provider ? m.editTitle(provider.name) : m.addTitle}</h3>
      <EditorField label={m.name} hint={m.nameHint} error={fields.name} required>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={draft.name}
            maxLength={60}
            autoComplete="off"
            onChange={set('name')}
          />
        )}
      </EditorField>
      <EditorField label={m.issuer} hint={m.issuerHint} error={fields.issuer} required>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            type="url"
            value={draft.issuer}
            placeholder="https://"
            autoComplete="off"
            spellCheck={false}
            onChange={set('issuer')}
          />
        )}
      </EditorField>
      <EditorField label={m.clientId} error={fields.clientId} required>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={draft.clientId}
            autoComplete="off"
            spellCheck={false}
            onChange={set('clientId')}
          />
        )}
      </EditorField>
      {replacing ? (
        <EditorField label={m.clientSecret} hint={m.clientSecretHint} error={fields.clientSecret} required>
          {(control) => (
            <div className="ed-signin-providers__copy">
              <input
                {...control}
                className="ed-input"
                type="password"
                value={draft.clientSecret}
                autoComplete="new-password"
                spellCheck={false}
                onChange={set('clientSecret')}
              />
              {provider?.clientSecretEnding && (
                <button
                  type="button"
                  className="ed-button"
                  onClick={() => {
                    setReplacing(false);
                    setDraft({ ...draft, clientSecret: '' });
                  }}
                >
                  {m.keepSecret}
                </button>
              )}
            </div>
          )}
        </EditorField>
      ) : (
        <div className="ed-field">
          <span className="ed-field__label">{m.clientSecret}</span>
          <div className="ed-signin-providers__copy">
            <span>{m.storedSecret(provider?.clientSecretEnding ?? '')}</span>
            <button type="button" className="ed-button" onClick={() => setReplacing(true)}>
              {m.replaceSecret}
            </button>
          </div>
        </div>
      )}
      {provider && provider.clientSecretEnding === '' && (
        <p className="ed-field__hint">{m.storedSecretUnreadable}</p>
      )}
      {others && (
        <p role="alert" className="ed-field__error">
          {others}
        </p>
      )}
      <div className="ed-signin-providers__actions">
        <button type="submit" className="ed-button ed-button--primary" disabled={isPending}>
          {provider ? m.save : m.saveNew}
        </button>
        <button
          type="button"
          className="ed-button"
          disabled={tester.testing || !draft.issuer.trim()}
          onClick={() => void tester.run(draft.issuer)}
        >
          {tester.testing ? m.testing : m.test}
        </button>
        <button type="button" className="ed-button" onClick={onCancel}>
          {m.cancel}
        </button>
      </div>
      <TestResult result={tester.result} />
    </form>
  );
}

function ProviderRow({
  provider,
  isReadOnly,
  isPending,
  onEdit,
  onRemove,
  onSetEnabled,
  onTest,
}: {
  provider: SsoProviderView;
  isReadOnly?: boolean;
  isPending?: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onSetEnabled: (enabled: boolean) => void;
  onTest: SignInProvidersPanelProps['onTest'];
}) {
  const m = signInProvidersMessages;
  const tester = useTester(onTest);
  return (
    <>
      <p className="ed-signin-providers__name">{provider.name}</p>
      <dl className="ed-signin-providers__facts">
        <dt>{m.issuer}</dt>
        <dd>{provider.issuer}</dd>
        <dt>{m.clientId}</dt>
        <dd>{provider.clientId}</dd>
        <dt>{m.clientSecret}</dt>
        <dd>
          {provider.clientSecretEnding ? `•••• ${provider.clientSecretEnding}` : m.storedSecretUnreadable}
        </dd>
      </dl>
      <label className="ed-signin-providers__switch">
        <input
          type="checkbox"
          checked={provider.enabled}
          disabled={isReadOnly || isPending}
          onChange={(e) => onSetEnabled(e.target.checked)}
        />{' '}
        {m.enabled(provider.name)}
      </label>
      {!provider.enabled && <p className="ed-field__hint">{m.off}</p>}
      <div className="ed-signin-providers__actions">
        <button
          type="button"
          className="ed-button"
          disabled={tester.testing}
          onClick={() => void tester.run(provider.issuer)}
          aria-label={`${m.test}: ${provider.name}`}
        >
          {tester.testing ? m.testing : m.test}
        </button>
        {!isReadOnly && (
          <>
            <button
              type="button"
              className="ed-button"
              aria-label={m.edit(provider.name)}
              disabled={isPending}
              onClick={onEdit}
            >
              {m.editShort}
            </button>
            <button
              type="button"
              className="ed-button ed-button--danger"
              aria-label={m.remove(provider.name)}
              disabled={isPending}
              onClick={onRemove}
            >
              {m.removeShort}
            </button>
          </>
        )}
      </div>
      <TestResult result={tester.result} />
    </>
  );
}

/**
 * Settings › Sign-in providers: the OpenID Connect providers members can sign in with. The
 * redirect URL to register with the provider (with a copy button), each provider with its switch,
 * "Test connection", change and remove (confirmed); adding and changing check nothing the server
 * does not: its refusals show next to the field they name. The client secret is write-only.
 */
export function SignInProvidersPanel({
  settings,
  isLoading,
  loadError,
  isReadOnly,
  isPending,
  onSave,
  saveError,
  onRemove,
  onSetEnabled,
  onTest,
}: SignInProvidersPanelProps) {
  const m = signInProvidersMessages;
  const id = useId();
  const [editing, setEditing] = useState<string>();
  const [removing, setRemoving] = useState<SsoProviderView>();
  const providers = settings?.providers ?? [];
  const save = async (draft: SignInProviderDraft, providerId?: string) => {
    await onSave(draft, providerId);
    setEditing(undefined);
  };
  if (isLoading)
    return (
      <p className="ed-muted" role="status">
        {m.loading}
      </p>
    );
  if (loadError || !settings)
    return (
      <p role="alert" className="ed-field__error">
        {loadError}
      </p>
    );
  return (
    <div className="ed-signin-providers">
      <p className="ed-field__hint">{isReadOnly ? m.readOnly : m.intro}</p>
      {providers.length === 0 && (
        <section className="ed-signin-providers__empty" aria-labelledby={`${id}-empty`}>
          <h2 id={`${id}-empty`}>{m.emptyTitle}</h2>
          <p>{m.emptyBody}</p>
        </section>
      )}
      <RedirectUrl url={settings.redirectUrl} />
      {providers.length > 0 && (
        <section className="ed-signin-providers__section" aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`}>{m.yourProviders}</h2>
          <ul className="ed-signin-providers__list" aria-labelledby={`${id}-list`}>
            {providers.map((p) => (
              <li key={p.id} className="ed-signin-providers__item">
                {editing === p.id ? (
                  <ProviderForm
                    provider={p}
                    onSave={save}
                    onCancel={() => setEditing(undefined)}
                    onTest={onTest}
                    saveError={saveError}
                    isPending={isPending}
                  />
                ) : (
                  <ProviderRow
                    provider={p}
                    isReadOnly={isReadOnly}
                    isPending={isPending}
                    onEdit={() => setEditing(p.id)}
                    onRemove={() => setRemoving(p)}
                    onSetEnabled={(enabled) => onSetEnabled(p.id, enabled)}
                    onTest={onTest}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {!isReadOnly &&
        (editing === 'new' ? (
          <div className="ed-signin-providers__item">
            <ProviderForm
              onSave={save}
              onCancel={() => setEditing(undefined)}
              onTest={onTest}
              saveError={saveError}
              isPending={isPending}
            />
          </div>
        ) : (
          <div>
            <button
              type="button"
              className="ed-button ed-button--primary"
              disabled={isPending || editing !== undefined}
              onClick={() => setEditing('new')}
            >
              {m.add}
            </button>
          </div>
        ))}
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={m.removeTitle(removing?.name ?? '')}
        onDismiss={() => setRemoving(undefined)}
        actions={[
          { label: m.cancel, onPress: () => setRemoving(undefined) },
          {
            label: m.removeShort,
            variant: 'danger',
            onPress: () => {
              if (removing) onRemove(removing.id);
              setRemoving(undefined);
            },
          },
        ]}
      >
        <p>{m.removeBody}</p>
      </ConfirmDialog>
    </div>
  );
}
