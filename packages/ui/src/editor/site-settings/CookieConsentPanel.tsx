import {
  COOKIE_CONSENT_MODES,
  COOKIE_CONSENT_WHERE,
  type CookieConsentMode,
  type CookieConsentWhere,
} from '@site/page-content';
import { useEffect, useId, useState } from 'react';
import { SaveFooter } from './SaveFooter';
import { SettingsPanel } from './SettingsPanel';

export interface CookieConsentPanelProps {
  /** The stored choice; undefined while it loads. */
  mode?: CookieConsentMode;
  /** Under opt-in: every visitor, or only those in the EU, EEA, UK and Switzerland. */
  where?: CookieConsentWhere;
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  isSaving?: boolean;
  /** The server refused the save. */
  error?: string;
  /** What the last save did. */
  done?: string;
  onSave: (mode: CookieConsentMode, where: CookieConsentWhere) => void;
}

export const cookieConsentChoices: Record<CookieConsentMode, { label: string; hint: string }> = {
  off: {
    label: 'Off',
    hint: 'No banner. Visits are counted as usual.',
  },
  notice: {
    label: 'Notice only',
    hint: 'A banner tells visitors the site uses cookies, with an OK button. Visits are counted as usual.',
  },
  'opt-in': {
    label: 'Ask before tracking (opt-in)',
    hint: 'Visitors choose Accept all, Decline, or which kinds of cookies to allow: analytics (counting visits) and marketing (your ad pixels, and videos, maps and posts from other sites). Until they allow a kind, it does not run and sets no cookie; videos and maps show a button to load them instead. They can change their choice from Cookie preferences at the bottom of every page.',
  },
};

export const cookieConsentWhereChoices: Record<CookieConsentWhere, { label: string; hint: string }> = {
  everywhere: {
    label: 'Every visitor',
    hint: 'Everyone is asked first.',
  },
  'consent-region': {
    label: 'Only visitors in the EU, EEA, UK and Switzerland',
    hint: 'Visitors elsewhere see the notice instead. A visitor whose country is not known is asked, to be safe. The country comes from the cf-ipcountry header your CDN or proxy adds.',
  },
};

/** Saved-notice words for each choice, so the owner reads what visitors will now see. */
export const cookieConsentSaved: Record<CookieConsentMode, string> = {
  off: 'Saved. Visitors see no cookie banner.',
  notice: 'Saved. Visitors see the cookie notice until they press OK.',
  'opt-in': 'Saved. New visitors are asked first, and nothing is tracked until they allow it.',
};

/** The owner's choice of cookie banner on the Site settings screen, one of three, saved on its own. */
export function CookieConsentPanel({
  mode,
  where = 'everywhere',
  isLoading,
  loadError,
  onRetry,
  isSaving,
  error,
  done,
  onSave,
}: CookieConsentPanelProps) {
  const id = useId();
  const [picked, setPicked] = useState<CookieConsentMode | undefined>(mode);
  const [pickedWhere, setPickedWhere] = useState<CookieConsentWhere>(where);
  useEffect(() => setPicked(mode), [mode]);
  useEffect(() => setPickedWhere(where), [where]);
  const unchanged = picked === mode && (picked !== 'opt-in' || pickedWhere === where);
  return (
    <SettingsPanel
      className="ed-cookie-consent"
      title="Cookie banner"
      intro={
        <p className="ed-field__hint">
          How your site asks visitors about cookies. It shows the same way in every theme.
        </p>
      }
      loadingText="Loading the cookie banner setting…"
      isLoading={isLoading}
      loadError={loadError}
      onRetry={onRetry}
      onSubmit={() => {
        if (picked) onSave(picked, picked === 'opt-in' ? pickedWhere : 'everywhere');
      }}
    >
      {mode && (
        <>
          <fieldset className="ed-cookie-consent__choices" disabled={isSaving}>
            <legend className="ed-field__label">What visitors see</legend>
            {COOKIE_CONSENT_MODES.map((choice) => (
              <div className="ed-cookie-consent__choice" key={choice}>
                <input
                  type="radio"
                  id={`${id}-${choice}`}
                  name={`${id}-mode`}
                  value={choice}
                  checked={picked === choice}
                  aria-describedby={`${id}-${choice}-hint`}
                  onChange={() => setPicked(choice)}
                />
                <label htmlFor={`${id}-${choice}`}>{cookieConsentChoices[choice].label}</label>
                <p id={`${id}-${choice}-hint`} className="ed-field__hint">
                  {cookieConsentChoices[choice].hint}
                </p>
              </div>
            ))}
          </fieldset>
          {picked === 'opt-in' && (
            <fieldset className="ed-cookie-consent__choices" disabled={isSaving}>
              <legend className="ed-field__label">Who is asked first</legend>
              {COOKIE_CONSENT_WHERE.map((choice) => (
                <div className="ed-cookie-consent__choice" key={choice}>
                  <input
                    type="radio"
                    id={`${id}-where-${choice}`}
                    name={`${id}-where`}
                    value={choice}
                    checked={pickedWhere === choice}
                    aria-describedby={`${id}-where-${choice}-hint`}
                    onChange={() => setPickedWhere(choice)}
                  />
                  <label htmlFor={`${id}-where-${choice}`}>{cookieConsentWhereChoices[choice].label}</label>
                  <p id={`${id}-where-${choice}-hint`} className="ed-field__hint">
                    {cookieConsentWhereChoices[choice].hint}
                  </p>
                </div>
              ))}
            </fieldset>
          )}
          <SaveFooter error={error} isSaving={isSaving} disabled={unchanged} done={done} />
        </>
      )}
    </SettingsPanel>
  );
}
