import type { HeaderFooter, SiteHeader } from '@site/page-content';
import { EditorField } from '@site/ui';
import { useId } from 'react';
import { useHeaderFooter, useSaveHeaderFooter, type VersionedHeaderFooter } from '../api/header-footer';
import { useMe } from '../api/session';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { ScreenLoader } from '../screen-kit/ScreenLoader';
import { useVersionedForm } from '../screen-kit/useVersionedForm';
import { BlockListEditor } from '../page-editor/BlockListEditor';

const TITLE = 'Header & footer';

/** The site header (title or logo, menu placement, cart link, announcement) and footer (blocks, menu, copyright). */
export function HeaderFooterScreen() {
  return (
    <ScreenLoader title={TITLE} query={useHeaderFooter()} version={(d) => d.version}>
      {(data, reload) => <HeaderFooterForm initial={data} onReload={reload} />}
    </ScreenLoader>
  );
}

function HeaderFooterForm({ initial, onReload }: { initial: VersionedHeaderFooter; onReload: () => void }) {
  const me = useMe();
  const readOnly = !me.data?.canEdit;
  const save = useSaveHeaderFooter();
  const id = useId();
  const form = useVersionedForm<HeaderFooter>({ header: initial.header, footer: initial.footer }, save);
  const { value, update: setValue } = form;
  const errors = form.errors();
  const setHeader = (change: Partial<SiteHeader>) =>
    setValue((v) => ({ ...v, header: { ...v.header, ...change } }));

  return (
    <ScreenFrame
      title={TITLE}
      save={
        readOnly
          ? undefined
          : {
              state: form.state,
              canSave: form.canSave,
              onSave: () => save.mutate({ ...value, version: initial.version }),
            }
      }
      onReload={form.conflict ? onReload : undefined}
    >
      <form className="ed-card ed-form" onSubmit={(e) => e.preventDefault()} aria-labelledby={`${id}-header`}>
        <h2 className="ed-card__title" id={`${id}-header`}>
          Header
        </h2>
        <p data-testid="site-title">
          Site title: <strong>{value.header.siteTitle}</strong> — change it in{' '}
          <a href="/config/site">Settings › Site</a>; the header, the browser tab and emails all use it.
        </p>
        <fieldset disabled={readOnly} className="ed-form__grid">
          <EditorField label="Logo image URL" error={errors['header.logoUrl']}>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                value={value.header.logoUrl}
                placeholder="Leave empty to show the title"
                onChange={(e) => setHeader({ logoUrl: e.target.value })}
              />
            )}
          </EditorField>
          <EditorField label="Logo alt text">
            {(control) => (
              <input
                {...control}
                className="ed-input"
                value={value.header.logoAlt}
                maxLength={250}
                onChange={(e) => setHeader({ logoAlt: e.target.value })}
              />
            )}
          </EditorField>
          <EditorField label="Navigation placement">
            {(control) => (
              <select
                {...control}
                className="ed-input"
                value={value.header.navigationPlacement}
                onChange={(e) =>
                  setHeader({ navigationPlacement: e.target.value as SiteHeader['navigationPlacement'] })
                }
              >
                <option value="left">Left, beside the title</option>
                <option value="center">Centered</option>
                <option value="right">Right</option>
              </select>
            )}
          </EditorField>
          <EditorField label="Announcement bar">
            {(control) => (
              <input
                {...control}
                className="ed-input"
                value={value.header.announcement}
                maxLength={500}
                placeholder="e.g. Free shipping on orders over $75"
                onChange={(e) => setHeader({ announcement: e.target.value })}
              />
            )}
          </EditorField>
          <div className="ed-field ed-field--toggle">
            <input
              id={`${id}-cart`}
              type="checkbox"
              checked={value.header.showCartLink}
              onChange={(e) => setHeader({ showCartLink: e.target.checked })}
            />
            <label htmlFor={`${id}-cart`}>Show the cart link</label>
          </div>
        </fieldset>
      </form>
      <section className="ed-card" aria-labelledby={`${id}-footer`}>
        <h2 className="ed-card__title" id={`${id}-footer`}>
          Footer
        </h2>
        <fieldset disabled={readOnly} className="ed-form__grid">
          <EditorField label="Copyright line">
            {(control) => (
              <input
                {...control}
                className="ed-input"
                value={value.footer.copyright}
                maxLength={500}
                placeholder="© 2026 Your shop"
                onChange={(e) =>
                  setValue((v) => ({ ...v, footer: { ...v.footer, copyright: e.target.value } }))
                }
              />
            )}
          </EditorField>
          <div className="ed-field ed-field--toggle">
            <input
              id={`${id}-footnav`}
              type="checkbox"
              checked={value.footer.showNavigation}
              onChange={(e) =>
                setValue((v) => ({ ...v, footer: { ...v.footer, showNavigation: e.target.checked } }))
              }
            />
            <label htmlFor={`${id}-footnav`}>Show the footer navigation</label>
          </div>
        </fieldset>
        <h3 className="ed-subtitle">Footer blocks</h3>
        <BlockListEditor
          doc={value.footer.content}
          onChange={(change) =>
            setValue((v) => ({ ...v, footer: { ...v.footer, content: change(v.footer.content) } }))
          }
          isReadOnly={readOnly}
          addLabel="Add footer block"
          emptyText="No blocks in the footer yet: add an address, social links or a newsletter sign-up."
        />
      </section>
    </ScreenFrame>
  );
}
