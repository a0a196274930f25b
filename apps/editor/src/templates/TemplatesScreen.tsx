import type { TemplateProblem, TemplateSource } from '@site/page-content';
import { compile } from '@site/template-engine';
import { EmptyState, SaveStatus, TemplateEditor } from '@site/ui';
import { useState } from 'react';
import { useMe } from '../api/session';
import { useSaveTemplate, useTemplate, useTemplates } from '../api/templates';
import { errorMessage, saveStateOf } from '../screen-kit/save-state';

/** The same check the server runs before saving: the engine's syntax errors with line and column. */
const check = (source: string): TemplateProblem[] =>
  compile(source).errors.map((e) => ({ line: e.line ?? 1, column: e.column ?? 1, message: e.message }));

/** The site's template sources (layout, page types, collections) in a code editor. */
export function TemplatesScreen() {
  const list = useTemplates();
  const [name, setName] = useState('');
  const selected = name || list.data?.[0]?.name || '';
  if (list.isPending)
    return (
      <p className="ed-loading" role="status">
        Loading…
      </p>
    );
  if (list.error) return <EmptyState title={errorMessage(list.error)}>Reload to try again.</EmptyState>;
  if (!list.data.length) return <EmptyState title="This site has no templates yet." />;
  return (
    <div className="ed-screen ed-templates">
      <header className="ed-screen__head">
        <h1>Templates</h1>
      </header>
      <div className="ed-templates__body">
        <nav aria-label="Templates" className="ed-templates__list">
          <ul className="ed-page-list">
            {list.data.map((t) => (
              <li key={t.name} className="ed-page-row">
                <button
                  type="button"
                  className="ed-link-button ed-page-row__title"
                  aria-current={t.name === selected ? 'page' : undefined}
                  onClick={() => setName(t.name)}
                >
                  {t.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <TemplatePane key={selected} name={selected} />
      </div>
    </div>
  );
}

function TemplatePane({ name }: { name: string }) {
  const query = useTemplate(name);
  if (query.isPending)
    return (
      <p className="ed-loading" role="status">
        Loading…
      </p>
    );
  if (query.error) return <EmptyState title={errorMessage(query.error)}>Reload to try again.</EmptyState>;
  return <TemplateForm key={query.data.version} initial={query.data} />;
}

function TemplateForm({ initial }: { initial: TemplateSource }) {
  const me = useMe();
  const readOnly = !me.data?.canEdit;
  const save = useSaveTemplate();
  const [source, setSource] = useState(initial.source);
  const dirty = source !== initial.source;
  const labelId = `template-${initial.name}`;
  return (
    <section className="ed-card ed-templates__editor" aria-labelledby={labelId}>
      <div className="ed-row ed-templates__head">
        <h2 className="ed-card__title" id={labelId}>
          {initial.name}
        </h2>
        {!readOnly && (
          <div className="ed-row">
            <SaveStatus state={saveStateOf(save, dirty)} />
            <button
              type="button"
              className="ed-button ed-button--primary"
              disabled={!dirty || save.isPending}
              onClick={() => save.mutate({ name: initial.name, source, version: initial.version })}
            >
              Save
            </button>
          </div>
        )}
      </div>
      {save.error && (
        <p className="ed-field__error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <TemplateEditor
        value={source}
        onChange={setSource}
        check={check}
        labelledBy={labelId}
        isReadOnly={readOnly}
      />
    </section>
  );
}
