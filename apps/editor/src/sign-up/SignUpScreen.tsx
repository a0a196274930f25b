import { DEFAULT_CURRENCY, type CurrencyCode } from '@site/commerce-core';
import { currencyChoices } from '@site/commerce-core/admin';
import { EditorField } from '@site/ui/editor-field';
import { useMemo, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useSignUp } from '../api/site-admin';
import { AuthCard, AuthError, AuthInput, AuthSubmit } from '../screen-kit/AuthCard';
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
    <AuthCard
      title="Create a site"
      noValidate
      onSubmit={() =>
        signUp.mutate(
          { email, password, title, slug, currency },
          { onSuccess: (site) => window.location.assign(site.signInUrl) },
        )
      }
    >
      {signUp.error && !fieldError && <AuthError>{signUp.error.message}</AuthError>}
      {fieldError && (
        <p className="visually-hidden" role="alert">
          {Object.values(errors).join(' ')}
        </p>
      )}
      <AuthInput
        label="Site name"
        error={errors.title}
        autoComplete="organization"
        value={title}
        onValue={(value) => {
          setTitle(value);
          if (!slugEdited) setSlug(suggestedSlug(value));
        }}
      />
      <AuthInput
        label="Site address"
        hint="3 to 40 lowercase letters, digits and hyphens: the first part of your site’s web address."
        error={errors.slug}
        autoCapitalize="none"
        spellCheck={false}
        value={slug}
        onValue={(value) => {
          setSlug(value);
          setSlugEdited(true);
        }}
      />
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
      <AuthInput
        label="Your email"
        error={errors.email}
        type="email"
        autoComplete="email"
        value={email}
        onValue={setEmail}
      />
      <AuthInput
        label="Password"
        hint="At least 10 characters."
        error={errors.password}
        type="password"
        autoComplete="new-password"
        value={password}
        onValue={setPassword}
      />
      <AuthSubmit pending={signUp.isPending} label="Create site" pendingLabel="Creating your site…" />
      <button type="button" className="ed-button ed-button--ghost ed-button--block" onClick={onBack}>
        I already have a site: sign in
      </button>
    </AuthCard>
  );
}
