import { ROBOTS_ADDITIONS_MAX_CHARS, robotsAdditionsSchema } from '@site/page-content';
import { SettingsPanel } from '@site/ui';
import { useEffect, useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useRobotsAdditions, useSaveRobotsAdditions } from '../api/robots';

/**
 * The owner's own lines for /robots.txt, added after the platform's (which keep crawlers out of
 * the editor, checkout, accounts and search results). Checked as typed with the server's rules, line by line.
 */
export function RobotsSettingsForm() {
  const id = useId();
  const current = useRobotsAdditions();
  const save = useSaveRobotsAdditions();
  const [text, setText] = useState('');
  const [localErrors, setLocalErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (current.data) setText(current.data.additions);
  }, [current.data]);
  const serverError = save.error ? (issuesByPath(save.error).additions ?? save.error.message) : undefined;
  const errors = localErrors.length ? localErrors : serverError ? [serverError] : [];
  const describedBy = [`${id}-hint`, errors.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <SettingsPanel
      className="ed-robots-settings"
      title="Search engines: robots.txt"
      intro={
        <p className="ed-field__hint">
          Your site’s <a href="/robots.txt">robots.txt</a> already keeps crawlers out of the editor, checkout,
          accounts and search results, and names your sitemap. Add your own lines here, such as{' '}
          <code>Disallow: /drafts/</code>, or a <code>User-agent:</code> line followed by the rules for that
          crawler. To hide one page, product or post, use its “Hide from search engines” setting instead.
        </p>
      }
      loadingText="Loading robots.txt additions…"
      isLoading={current.isPending}
      loadError={current.error?.message}
      onRetry={() => void current.refetch()}
      onSubmit={() => {
        const parsed = robotsAdditionsSchema.safeParse({ additions: text });
        setLocalErrors(parsed.success ? [] : parsed.error.issues.map((i) => i.message));
        setSaved(false);
        if (parsed.success)
          save.mutate(parsed.data, {
            onSuccess: (stored) => {
              setText(stored.additions);
              setSaved(true);
            },
          });
      }}
    >
      {current.data && (
        <div className="ed-field">
          <label className="ed-field__label" htmlFor={`${id}-text`}>
            Lines added to robots.txt
          </label>
          <textarea
            id={`${id}-text`}
            className="ed-input"
            rows={6}
            maxLength={ROBOTS_ADDITIONS_MAX_CHARS}
            spellCheck={false}
            autoCapitalize="none"
            aria-invalid={errors.length ? true : undefined}
            aria-describedby={describedBy}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setLocalErrors([]);
              setSaved(false);
            }}
          />
          <p id={`${id}-hint`} className="ed-field__hint">
            One rule per line: User-agent, Allow, Disallow, Crawl-delay or Sitemap, or # for a note. At most{' '}
            {ROBOTS_ADDITIONS_MAX_CHARS} characters.
          </p>
          {errors.length > 0 && (
            <ul id={`${id}-error`} className="ed-field__error" role="alert">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
          <div className="ed-field__row">
            <button
              type="submit"
              className="ed-button ed-button--primary"
              disabled={save.isPending || text === current.data.additions}
            >
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            <p className="ed-field__hint" role="status">
              {saved ? 'Saved: robots.txt shows your lines now.' : ''}
            </p>
          </div>
        </div>
      )}
    </SettingsPanel>
  );
}
