import { SITE_LANGUAGES, type MultilingualSettings, type SiteLanguage } from '@site/page-content';
import { languageMessages as m } from '@site/ui';
import { useState } from 'react';
import { useDisconnectLanguages, useMultilingualSettings, useSaveLanguages } from '../api/multilingual';
import { useMe } from '../api/session';
import { errorMessage } from '../screen-kit/save-state';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { ScreenLoader } from '../screen-kit/ScreenLoader';

/** Owners add the languages the site serves under /<code>/… or stop serving them. */
export function LanguagesScreen() {
  const me = useMe();
  const settings = useMultilingualSettings();
  // Kept here, not in the form: a save that changes the languages remounts the form (its key).
  const [done, setDone] = useState<string>();
  return (
    <ScreenLoader title={m.title} query={settings} version={(d) => d.languages.join()}>
      {(data) => (
        <ScreenFrame title={m.title}>
          <LanguagesForm
            settings={data}
            isReadOnly={!(me.data?.canEdit ?? false)}
            done={done}
            onDone={setDone}
          />
        </ScreenFrame>
      )}
    </ScreenLoader>
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
  const [chosen, setChosen] = useState<SiteLanguage[]>(settings.languages);
  const save = useSaveLanguages(() => setDone(m.saved));
  const disconnect = useDisconnectLanguages(() => setDone(m.disconnected));
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
