import { COOKIE_CONSENT_MODES, type CookieConsentMode } from '@site/page-content';
import { useEffect, useId, useState } from 'react';
import { ActionNotice } from '../ActionNotice';
import { SettingsPanel } from './SettingsPanel';

export interface CookieConsentPanelProps {
  /** The stored choice; undefined while it loads. */
  mode?: CookieConsentMode;
  isLoading?: boolean;
  loadError?: string;
  onRetry?: () => void;
  isSaving?: boolean;
  /** The server refused the save. */
  error?: string;
  /** What the last save did. */
  done?: string;
  onSave: (mode: CookieConsentMode) => void;
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
    hint: 'Visitors choose Accept or Decline. Until they accept, nothing counts their visit or reaches your ad pixels, and no tracking cookie is set. They can change their choice from Cookie preferences at the bottom of every page.',
  },
};

/** Saved-notice words for each choice, so the owner reads what visitors will now see. */
export const cookieConsentSaved: Record<CookieConsentMode, string> = {
  off: 'Saved. Visitors see no cookie banner.',
  notice: 'Saved. Visitors see the cookie notice until they press OK.',
  'opt-in': 'Saved. New visitors are asked first, and nothing is tracked until they accept.',
};

/** The owner's choice of cookie banner on the Site settings screen, one of three, saved on its own. */
export function CookieConsentPanel({
  mode,
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
  useEffect(() => setPicked(mode), [mode]);
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
        if (picked) onSave(picked);
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
          {error && (
            <p className="ed-field__error" role="alert">
              {error}
            </p>
          )}
          <div className="ed-field__row">
            <button
              type="submit"
              className="ed-button ed-button--primary"
              disabled={isSaving || picked === mode}
            >
              {isSaving ? 'Saving…' : 'Save'}
            </button>
          </div>
          <ActionNotice message={done} />
        </>
      )}
    </SettingsPanel>
  );
}
