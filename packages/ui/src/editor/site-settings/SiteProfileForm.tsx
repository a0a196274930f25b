import {
  SITE_LOCALES,
  siteProfileSchema,
  type BusinessAddress,
  type SiteProfileInput,
  type SiteProfileView,
} from '@site/page-content';
import { useEffect, useId, useMemo, useState } from 'react';
import { EditorField } from '../field/EditorField';
import { ImagePicker } from './ImagePicker';

export const siteProfileFormMessages = {
  title: 'Name, icon and region',
  intro: 'How your site introduces itself: in browser tabs, search results, emails and on phones.',
  name: 'Site name',
  nameHint: 'Shown in the browser tab, the header, your emails and this editor.',
  icon: 'Site icon',
  iconHint:
    'A square picture at least 180 × 180 pixels (512 × 512 is best). It shows in browser tabs and when someone adds your site to a phone’s home screen.',
  iconDefault: 'Your site shows the default icon.',
  uploadIcon: 'Upload icon',
  replaceIcon: 'Replace icon',
  removeIcon: 'Remove icon',
  uploading: 'Uploading…',
  region: 'Language and region',
  regionHint: 'The language of your pages and how dates and numbers are written.',
  timeZone: 'Time zone',
  timeZoneHint: 'Dates on your site and in reports follow this time zone.',
  business: 'Business details',
  businessHint: 'Printed at the foot of your emails and shown to search engines.',
  contactEmail: 'Contact email',
  street: 'Street address',
  city: 'City',
  regionField: 'State or region',
  postalCode: 'Postal code',
  country: 'Country',
  social: 'Social profiles',
  socialHint:
    'One address per line, such as https://instagram.com/yourshop. Search engines link them to your site.',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  loading: 'Loading site settings…',
  tryAgain: 'Try again',
} as const;

const m = siteProfileFormMessages;

/** The form's own state: social profiles as the owner types them, one a line. */
interface Draft {
  title: string;
  timeZone: string;
  locale: string;
  contactEmail: string;
  businessAddress: BusinessAddress;
  social: string;
}

const toDraft = (p: SiteProfileView): Draft => ({
  title: p.title,
  timeZone: p.timeZone,
  locale: p.locale,
  contactEmail: p.contactEmail,
  businessAddress: p.businessAddress,
  social: p.socialProfiles.join('\n'),
});

const toInput = (d: Draft): SiteProfileInput => ({
  title: d.title,
  timeZone: d.timeZone,
  locale: d.locale as SiteProfileInput['locale'],
  contactEmail: d.contactEmail,
  businessAddress: d.businessAddress,
  socialProfiles: d.social
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
});

function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', current];
  return all.includes(current) ? all : [current, ...all];
}

function localeName(locale: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

export interface SiteProfileFormProps {
  profile?: SiteProfileView;
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  onSave: (profile: SiteProfileInput) => void;
  isSaving?: boolean;
  /** The server's messages by field path ("title", "businessAddress.city", "socialProfiles"). */
  fieldErrors?: Record<string, string>;
  saveError?: string;
  /** True after the last save succeeded, until the owner changes something. */
  isSaved?: boolean;
  onUploadIcon: (file: File) => void;
  onRemoveIcon: () => void;
  isIconBusy?: boolean;
  iconError?: string;
  /** Only the owner and admins change these; others see them read only. */
  isReadOnly?: boolean;
}

/**
 * The site's identity on the Site settings screen: name, icon, language and region, time zone,
 * business details and social profiles. Checked with the server's schema before saving, so a
 * mistake is named without a round trip.
 */
export function SiteProfileForm({
  profile,
  isLoading,
  loadError,
  onRetry,
  onSave,
  isSaving,
  fieldErrors = {},
  saveError,
  isSaved,
  onUploadIcon,
  onRemoveIcon,
  isIconBusy,
  iconError,
  isReadOnly,
}: SiteProfileFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>();
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (profile) {
      setDraft(toDraft(profile));
      setDirty(false);
    }
  }, [profile]);
  const zones = useMemo(() => timeZones(draft?.timeZone ?? 'UTC'), [draft?.timeZone]);

  if (loadError)
    return (
      <p className="ed-banner ed-banner--error" role="alert">
        {loadError}{' '}
        {onRetry && (
          <button type="button" className="ed-button ed-button--ghost" onClick={onRetry}>
            {m.tryAgain}
          </button>
        )}
      </p>
    );
  if (isLoading || !draft || !profile)
    return (
      <p className="ed-loading" role="status">
        {m.loading}
      </p>
    );

  const errors = { ...fieldErrors, ...localErrors };
  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setDirty(true);
    setLocalErrors({});
  };
  const changeAddress = (patch: Partial<BusinessAddress>) =>
    change({ businessAddress: { ...draft.businessAddress, ...patch } });
  const disabled = isReadOnly || isSaving;
  const addressField = (key: keyof BusinessAddress, label: string, autoComplete: string) => (
    <EditorField label={label} error={errors[`businessAddress.${key}`]} disabled={disabled}>
      {(control) => (
        <input
          {...control}
          className="ed-input"
          autoComplete={autoComplete}
          value={draft.businessAddress[key]}
          onChange={(e) => changeAddress({ [key]: e.target.value })}
        />
      )}
    </EditorField>
  );

  return (
    <form
      className="ed-site-profile"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = siteProfileSchema.safeParse(toInput(draft));
        if (!parsed.success) {
          setLocalErrors(
            Object.fromEntries(parsed.error.issues.map((i) => [i.path.slice(0, 2).join('.'), i.message])),
          );
          return;
        }
        onSave(toInput(draft));
      }}
    >
      <h2 id={`${id}-title`}>{m.title}</h2>
      <p className="ed-field__hint">{m.intro}</p>

      <EditorField label={m.name} hint={m.nameHint} error={errors.title} required disabled={disabled}>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={draft.title}
            maxLength={200}
            onChange={(e) => change({ title: e.target.value })}
          />
        )}
      </EditorField>

      <fieldset className="ed-site-profile__icon" aria-describedby={`${id}-icon-hint`}>
        <legend className="ed-field__label">{m.icon}</legend>
        <div className="ed-site-profile__icon-row">
          {profile.iconUrl ? (
            <img
              className="ed-site-profile__icon-preview"
              src={profile.iconUrl}
              alt=""
              width={64}
              height={64}
            />
          ) : (
            <span
              className="ed-site-profile__icon-preview ed-site-profile__icon-preview--empty"
              aria-hidden="true"
            />
          )}
          <ImagePicker
            className="ed-site-profile__icon-actions"
            hasImage={Boolean(profile.iconUrl)}
            isBusy={isIconBusy}
            isReadOnly={isReadOnly}
            labels={{
              upload: m.uploadIcon,
              replace: m.replaceIcon,
              uploading: m.uploading,
              remove: m.removeIcon,
            }}
            onUpload={onUploadIcon}
            onRemove={onRemoveIcon}
          />
        </div>
        <p className="ed-field__hint" id={`${id}-icon-hint`}>
          {profile.iconUrl ? m.iconHint : `${m.iconDefault} ${m.iconHint}`}
        </p>
        {iconError && (
          <p className="ed-field__error" role="alert">
            {iconError}
          </p>
        )}
      </fieldset>

      <div className="ed-site-profile__pair">
        <EditorField label={m.region} hint={m.regionHint} error={errors.locale} disabled={disabled}>
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={draft.locale}
              onChange={(e) => change({ locale: e.target.value })}
            >
              {!(SITE_LOCALES as readonly string[]).includes(draft.locale) && (
                <option value={draft.locale}>{localeName(draft.locale)}</option>
              )}
              {SITE_LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {localeName(locale)}
                </option>
              ))}
            </select>
          )}
        </EditorField>
        <EditorField label={m.timeZone} hint={m.timeZoneHint} error={errors.timeZone} disabled={disabled}>
          {(control) => (
            <select
              {...control}
              className="ed-input"
              value={draft.timeZone}
              onChange={(e) => change({ timeZone: e.target.value })}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          )}
        </EditorField>
      </div>

      <fieldset className="ed-site-profile__group">
        <legend className="ed-field__label">{m.business}</legend>
        <p className="ed-field__hint">{m.businessHint}</p>
        <EditorField label={m.contactEmail} error={errors.contactEmail} disabled={disabled}>
          {(control) => (
            <input
              {...control}
              type="email"
              className="ed-input"
              autoComplete="email"
              value={draft.contactEmail}
              onChange={(e) => change({ contactEmail: e.target.value })}
            />
          )}
        </EditorField>
        {addressField('street', m.street, 'street-address')}
        <div className="ed-site-profile__pair">
          {addressField('city', m.city, 'address-level2')}
          {addressField('region', m.regionField, 'address-level1')}
        </div>
        <div className="ed-site-profile__pair">
          {addressField('postalCode', m.postalCode, 'postal-code')}
          {addressField('country', m.country, 'country-name')}
        </div>
      </fieldset>

      <EditorField
        label={m.social}
        hint={m.socialHint}
        error={
          errors.socialProfiles ?? Object.entries(errors).find(([k]) => k.startsWith('socialProfiles.'))?.[1]
        }
        disabled={disabled}
      >
        {(control) => (
          <textarea
            {...control}
            className="ed-input"
            rows={3}
            spellCheck={false}
            value={draft.social}
            onChange={(e) => change({ social: e.target.value })}
          />
        )}
      </EditorField>

      {saveError && (
        <p className="ed-field__error" role="alert">
          {saveError}
        </p>
      )}
      {!isReadOnly && (
        <div className="ed-site-profile__actions">
          <button type="submit" className="ed-button ed-button--primary" disabled={isSaving || !dirty}>
            {isSaving ? m.saving : m.save}
          </button>
          <span role="status" className="ed-field__hint">
            {isSaved && !dirty ? m.saved : ''}
          </span>
        </div>
      )}
    </form>
  );
}
