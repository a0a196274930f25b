import { DEFAULT_CURRENCY, type CurrencyCode } from '@site/commerce-core';
import { currencyChoices } from '@site/commerce-core/admin';
import { EditorField } from '@site/ui/editor-field';
import { useId, useMemo, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useSignUp } from '../api/site-admin';
import { ownerLocale } from '../store/owner-locale';

/** The address part a site name suggests: lower case letters and digits joined by single hyphens. */
export function suggestedSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/**
 * "Create a site", reached from the sign-in screen: the owner's email and password, the site's name
 * and its address. The server checks every rule and names the field it refuses; on success the
 * browser goes to the new site's editor on its own host, where a one-time token signs the owner in.
 */
export function SignUpScreen({ onBack }: { onBack: () => void }) {
  const signUp = useSignUp();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [currency, setCurrency] = useState<CurrencyCode>(DEFAULT_CURRENCY);
  const choices = useMemo(() => currencyChoices(ownerLocale()), []);
  const errors = issuesByPath(signUp.error);
  const fieldError = Object.keys(errors).length > 0;
  return (
    <main className="ed-signin">
      <form
        className="ed-signin__card"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          signUp.mutate(
            { email, password, title, slug, currency },
            { onSuccess: (site) => window.location.assign(site.signInUrl) },
          );
        }}
      >
        <h1 id={`${id}-title`} className="ed-signin__title">
          Create a site
        </h1>
        {signUp.error && !fieldError && (
          <p className="ed-banner ed-banner--error" role="alert">
            {signUp.error.message}
          </p>
        )}
        {fieldError && (
          <p className="visually-hidden" role="alert">
            {Object.values(errors).join(' ')}
          </p>
        )}
        <EditorField label="Site name" required error={errors.title}>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              autoComplete="organization"
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                if (!slugEdited) setSlug(suggestedSlug(e.target.value));
              }}
            />
          )}
        </EditorField>
        <EditorField
          label="Site address"
          required
          hint="3 to 40 lowercase letters, digits and hyphens: the first part of your site’s web address."
          error={errors.slug}
        >
          {(control) => (
            <input
              {...control}
              className="ed-input"
              autoCapitalize="none"
              spellCheck={false}
              value={slug}
              onChange={(e) => {
                setSlug(e.target.value);
                setSlugEdited(true);
              }}
            />
          )}
        </EditorField>
        <EditorField
          label="Store currency"
          hint="The currency your prices are shown and charged in. You can change it later in the store’s settings."
          error={errors.currency}
        >
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={currency}
              onChange={(e) => setCurrency(e.target.value as CurrencyCode)}
            >
              {choices.map((choice) => (
                <option key={choice.code} value={choice.code}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </EditorField>
        <EditorField label="Your email" required error={errors.email}>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </EditorField>
        <EditorField label="Password" required hint="At least 10 characters." error={errors.password}>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </EditorField>
        <button
          type="submit"
          className="ed-button ed-button--primary ed-button--block"
          disabled={signUp.isPending}
        >
          {signUp.isPending ? 'Creating your site…' : 'Create site'}
        </button>
        <button type="button" className="ed-button ed-button--ghost ed-button--block" onClick={onBack}>
          I already have a site: sign in
        </button>
      </form>
    </main>
  );
}
