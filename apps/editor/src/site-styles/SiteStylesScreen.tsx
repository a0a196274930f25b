import {
  SITE_COLOUR_ROLES,
  type DeviceView,
  type SiteColourRole,
  type SiteStyles,
  type VersionedSiteStyles,
} from '@site/page-content';
import { ColorPicker, DeviceSwitcher, EmptyState, FontPicker, SaveStatus } from '@site/ui';
import { useMemo, useState } from 'react';
import { issuesByPath } from '../api/http';
import {
  errorMessage,
  saveStateOf,
  useEditorSite,
  useFontKit,
  useMe,
  usePage,
  usePages,
  useSaveSiteStyles,
  useSiteLayout,
  useSiteStyles,
} from '../api/queries';
import { useLinkTargets } from '../page-editor/useLinkTargets';
import { PreviewFrame } from '../preview/PreviewFrame';
import { renderDataFor, renderPreview } from '../preview/render-preview';

/** The theme's own values (storefront.css), shown while the site keeps them. */
const THEME_DEFAULTS: Record<SiteColourRole, string> = {
  text: '#1d1d1b',
  background: '#fbfaf7',
  accent: '#2f5a3e',
  muted: '#5f5b53',
};
const COLOUR_LABELS: Record<SiteColourRole, string> = {
  text: 'Text colour',
  background: 'Background colour',
  accent: 'Accent colour (links, buttons, focus)',
  muted: 'Muted colour (secondary text)',
};

/** Site styles: the heading and body fonts and the site's colours, previewed on the home page as they change. */
export function SiteStylesScreen() {
  const query = useSiteStyles();
  const site = useEditorSite();
  if (query.isPending || site.isPending)
    return (
      <p className="ed-loading" role="status">
        Loading…
      </p>
    );
  if (query.error || site.error)
    return <EmptyState title={errorMessage(query.error ?? site.error)}>Reload to try again.</EmptyState>;
  return <SiteStylesForm key={query.data.version} initial={query.data} />;
}

function SiteStylesForm({ initial }: { initial: VersionedSiteStyles }) {
  const me = useMe();
  const readOnly = !me.data?.canEdit;
  const site = useEditorSite().data!;
  const kit = useFontKit();
  const save = useSaveSiteStyles();
  const [styles, setStyles] = useState<SiteStyles>(initial.styles);
  const [panel, setPanel] = useState<'fonts' | 'colours'>('fonts');
  const [device, setDevice] = useState<DeviceView>('desktop');
  const dirty = JSON.stringify(styles) !== JSON.stringify(initial.styles);
  const errors = issuesByPath(save.error);
  const set = (change: Partial<SiteStyles>) => setStyles((s) => ({ ...s, ...change }));

  const styleGuide = [
    { role: 'Headings', fontId: styles.headingFont ?? 'serif' },
    { role: 'Body', fontId: styles.bodyFont ?? 'system' },
  ];
  const fontState = kit.isPending ? 'loading' : kit.error ? 'error' : 'ready';
  const fontProps = { fonts: kit.data?.fonts, state: fontState, onRetry: () => void kit.refetch(), styleGuide, isDisabled: readOnly } as const;

  return (
    <div className="ed-page-editor">
      <div className="ed-toolbar" role="toolbar" aria-label="Site styles tools">
        <div className="ed-toolbar__start">
          <h1 className="ed-page-title">Site styles</h1>
        </div>
        <div className="ed-toolbar__end">
          <DeviceSwitcher value={device} onChange={setDevice} />
          {!readOnly && (
            <>
              <SaveStatus state={saveStateOf(save, dirty)} />
              <button
                type="button"
                className="ed-button ed-button--primary"
                disabled={!dirty || save.isPending}
                onClick={() => save.mutate({ styles, version: initial.version })}
              >
                Save
              </button>
            </>
          )}
        </div>
      </div>
      <div className="ed-workspace ed-workspace--styles">
        <aside className="ed-sidebar" aria-label="Fonts and colours">
          <div className="ed-tabs" role="tablist" aria-label="Site styles">
            {(['fonts', 'colours'] as const).map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                id={`styles-tab-${p}`}
                aria-controls={`styles-panel-${p}`}
                aria-selected={panel === p}
                className="ed-tab"
                onClick={() => setPanel(p)}
              >
                {p === 'fonts' ? 'Fonts' : 'Colours'}
              </button>
            ))}
          </div>
          <div className="ed-panel" role="tabpanel" id={`styles-panel-${panel}`} aria-labelledby={`styles-tab-${panel}`}>
            {panel === 'fonts' ? (
              <>
                <FontPicker label="Heading font" value={styles.headingFont ?? 'serif'} onChange={(id) => set({ headingFont: id })} {...fontProps} />
                {errors['styles.headingFont'] && <p className="ed-field__error">{errors['styles.headingFont']}</p>}
                <FontPicker label="Body font" value={styles.bodyFont ?? 'system'} onChange={(id) => set({ bodyFont: id })} {...fontProps} />
                {errors['styles.bodyFont'] && <p className="ed-field__error">{errors['styles.bodyFont']}</p>}
              </>
            ) : (
              SITE_COLOUR_ROLES.map((role) => (
                <div key={role}>
                  <ColorPicker
                    label={COLOUR_LABELS[role]}
                    value={styles[role]}
                    defaultHex={THEME_DEFAULTS[role]}
                    onChange={(value) => set({ [role]: value })}
                    isDisabled={readOnly}
                  />
                  {Object.entries(errors)
                    .filter(([path]) => path.startsWith(`styles.${role}`))
                    .map(([path, message]) => (
                      <p key={path} className="ed-field__error">
                        {message}
                      </p>
                    ))}
                </div>
              ))
            )}
          </div>
        </aside>
        <div className="ed-canvas">
          <StylesPreview styles={styles} device={device} site={site} />
        </div>
      </div>
    </div>
  );
}

/** The home page with the styles being edited: each change shows at once, before it is saved. */
function StylesPreview({ styles, device, site }: { styles: SiteStyles; device: DeviceView; site: NonNullable<ReturnType<typeof useEditorSite>['data']> }) {
  const pages = usePages().data;
  const home = pages?.find((p) => p.path === '/') ?? pages?.[0];
  const page = usePage(home?.id ?? '');
  const layout = useSiteLayout().data;
  const { pagePaths } = useLinkTargets();
  const data = useMemo(() => ({ ...renderDataFor(site), pages: pagePaths }), [site, pagePaths]);
  const parts = useMemo(() => {
    if (!page.data) return undefined;
    const detail = page.data;
    return renderPreview(
      { ...site, siteStyles: styles },
      { id: detail.id, title: detail.title, path: detail.path, description: detail.description },
      detail.published ?? detail.draft,
      data,
      layout,
    );
  }, [site, styles, page.data, data, layout]);
  if (!parts)
    return (
      <p className="ed-loading" role="status">
        Loading preview…
      </p>
    );
  return <PreviewFrame parts={parts} device={device} onSelectBlock={() => undefined} title="Preview of the home page with these styles" />;
}
