import {
  MULTILINGUAL_API,
  SITE_LANGUAGES,
  type MultilingualSettings,
  type SiteLanguage,
} from '@site/page-content';
import { editorMessages, languageMessages as m } from '@site/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/http';
import { errorMessage, useMe } from '../api/queries';

const key = ['multilingual', 'settings'] as const;

/** Owners add the languages the site serves under /<code>/… or stop serving them. */
export function LanguagesScreen() {
  const me = useMe();
  const settings = useQuery({
    queryKey: key,
    queryFn: () => api<MultilingualSettings>('GET', MULTILINGUAL_API.settings),
  });
  // Kept here, not in the form: a save that changes the languages remounts the form (its key).
  const [done, setDone] = useState<string>();
  return (
    <div className="ed-screen">
      <h1>{m.title}</h1>
      {settings.isPending ? (
        <p role="status">{editorMessages.loading}</p>
      ) : settings.error ? (
        <p role="alert" className="ed-banner ed-banner--error">
          {errorMessage(settings.error)}
        </p>
      ) : (
        <LanguagesForm
          key={settings.data.languages.join()}
          settings={settings.data}
          isReadOnly={!(me.data?.canEdit ?? false)}
          done={done}
          onDone={setDone}
        />
      )}
    </div>
  );
}

function LanguagesForm({
  settings,
  isReadOnly,
  done,
  onDone: setDone,
}: {
  settings: MultilingualSettings;
  isReadOnly: boolean;
  /** The last save's outcome, shown until the next one. */
  done: string | undefined;
  onDone: (done: string) => void;
}) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<SiteLanguage[]>(settings.languages);
  const save = useMutation({
    mutationFn: (languages: SiteLanguage[]) =>
      api<MultilingualSettings>('PUT', MULTILINGUAL_API.languages, { body: { languages } }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      setDone(m.saved);
    },
  });
  const disconnect = useMutation({
    mutationFn: () => api('DELETE', MULTILINGUAL_API.connection),
    onSuccess: () => {
      setDone(m.disconnected);
      return client.invalidateQueries({ queryKey: key });
    },
  });
  const error = save.error ?? disconnect.error;
  return (
    <form
      className="ed-card"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(chosen);
      }}
    >
      <p>{m.siteLanguage(SITE_LANGUAGES[settings.primaryLanguage])}</p>
      <fieldset className="ed-inspector__fields" disabled={isReadOnly}>
        <legend className="ed-field__label">{m.added}</legend>
        {settings.available.map((l) => (
          <label key={l.code} className="ed-check">
            <input
              type="checkbox"
              checked={chosen.includes(l.code)}
              onChange={(e) =>
                setChosen(e.target.checked ? [...chosen, l.code] : chosen.filter((c) => c !== l.code))
              }
            />
            {l.name} ({l.code})
          </label>
        ))}
        {error && (
          <p role="alert" className="ed-store__error">
            {errorMessage(error)}
          </p>
        )}
        {done && <p role="status">{done}</p>}
        {!isReadOnly && (
          <div className="ed-row">
            <button type="submit" className="ed-button ed-button--primary" disabled={save.isPending}>
              {m.save}
            </button>
            {settings.languages.length > 0 && (
              <button
                type="button"
                className="ed-button"
                disabled={disconnect.isPending}
                onClick={() => disconnect.mutate()}
              >
                {m.disconnect}
              </button>
            )}
          </div>
        )}
      </fieldset>
    </form>
  );
}
