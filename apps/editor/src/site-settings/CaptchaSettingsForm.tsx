import { captchaSettingsSchema } from '@site/page-content';
import { SettingsPanel } from '@site/ui';
import { useEffect, useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useCaptchaSettings, useSaveCaptchaSettings } from '../api/captcha-settings';

/**
 * The site's captcha site key. Only the public key is entered here: the provider's secret is set
 * in the server's configuration, so it never reaches a browser.
 */
export function CaptchaSettingsForm() {
  const id = useId();
  const current = useCaptchaSettings();
  const save = useSaveCaptchaSettings();
  const [siteKey, setSiteKey] = useState('');
  const [localError, setLocalError] = useState<string>();
  useEffect(() => {
    if (current.data) setSiteKey(current.data.siteKey);
  }, [current.data]);
  const error = localError ?? issuesByPath(save.error).siteKey ?? save.error?.message;
  const savedKey = current.data?.siteKey ?? '';
  return (
    <SettingsPanel
      className="ed-captcha-settings"
      title="Spam protection (captcha)"
      intro={
        <p className="ed-field__hint">
          With a site key, forms that ask for a captcha, newsletter sign-ups and back-in-stock sign-ups show
          the provider’s check. Leave it empty to turn the captcha off.
        </p>
      }
      loadingText="Loading captcha settings…"
      isLoading={current.isPending}
      loadError={current.error?.message}
      onRetry={() => void current.refetch()}
      onSubmit={() => {
        // The same rules the server applies, so a typo is named before the round trip.
        const parsed = captchaSettingsSchema.safeParse({ siteKey });
        setLocalError(parsed.success ? undefined : parsed.error.issues[0]?.message);
        if (parsed.success) save.mutate(parsed.data);
      }}
    >
      {current.data && (
        <div className="ed-field">
          <label className="ed-field__label" htmlFor={`${id}-key`}>
            Site key
          </label>
          <div className="ed-field__row">
            <input
              id={`${id}-key`}
              className="ed-input"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-status${error ? ` ${id}-error` : ''}`}
              value={siteKey}
              onChange={(e) => {
                setSiteKey(e.target.value);
                setLocalError(undefined);
              }}
            />
            <button
              type="submit"
              className="ed-button ed-button--primary"
              disabled={save.isPending || siteKey.trim() === savedKey}
            >
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
          </div>
          <p id={`${id}-status`} className="ed-field__hint" role="status">
            {savedKey ? 'Captcha is on.' : 'Captcha is off.'} The secret key is set on the server, never here.
          </p>
          {error && (
            <p id={`${id}-error`} className="ed-field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </SettingsPanel>
  );
}
