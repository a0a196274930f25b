import {
  SITE_COLOUR_ROLES,
  DEVICE_VIEWS,
  THEME_PREVIEW_PARAM,
  type DeviceView,
  type SiteColourRole,
  type SiteThemeId,
  type SiteStyles,
  type VersionedSiteStyles,
} from '@site/page-content';
import { ColorPicker, DeviceSwitcher, FontPicker, ThemePicker } from '@site/ui';
import { useMemo, useState } from 'react';
import { useEditorSite, usePreviewProducts } from '../api/editor-site';
import { usePage, usePages } from '../api/pages';
import { useMe } from '../api/session';
import { useSiteLayout } from '../api/site-layout';
import { useFontKit, useSaveSiteStyles, useSiteStyles } from '../api/site-styles';
import { useChangeTheme, useThemeState, useUndoThemeChange } from '../api/themes';
import { ConflictBanner, SaveBar } from '../screen-kit/ScreenFrame';
import { ScreenLoader } from '../screen-kit/ScreenLoader';
import { useVersionedForm } from '../screen-kit/useVersionedForm';
import { useLinkTargets } from '../page-editor/useLinkTargets';
import { PreviewFrame } from '../preview/PreviewFrame';
import { previewReferences, renderDataFor, renderPreview } from '../preview/render-preview';

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

const TAB_LABELS = { fonts: 'Fonts', colours: 'Colours', theme: 'Theme' } as const;

/** "Change theme": preview a theme on the site's own pages, apply it, undo the last change. */
function ThemePanel({
  previewing,
  onPreview,
  readOnly,
}: {
  previewing: SiteThemeId | undefined;
  onPreview: (id: SiteThemeId | undefined) => void;
  readOnly: boolean;
}) {
  const state = useThemeState();
  const change = useChangeTheme();
  const undo = useUndoThemeChange();
  const failed = (change.error ?? undo.error) as Error | null;
  return (
    <ThemePicker
      themes={state.data?.themes}
      state={state.isPending ? 'loading' : state.error ? 'error' : 'ready'}
      onRetry={() => void state.refetch()}
      current={state.data?.theme}
      previousTheme={state.data?.previousTheme}
      previewing={previewing}
      onPreview={onPreview}
      onApply={(id) => {
        undo.reset();
        change.mutate(id, { onSuccess: () => onPreview(undefined) });
      }}
      onUndo={() => {
        change.reset();
        undo.mutate(undefined, { onSuccess: () => onPreview(undefined) });
      }}
      isPending={change.isPending || undo.isPending}
      error={failed?.message}
      isDisabled={readOnly}
    />
  );
}

/**
 * The site's live home page rendered by the server in the theme being previewed: its own pages,
 * products and posts, in that theme's templates (only editors get the preview; see pages/routes.ts).
 */
// The theme preview fills the pane at desktop size and is not scaled, so a wider view has no room.
const THEME_PREVIEW_VIEWS: readonly DeviceView[] = ['desktop', 'tablet', 'phone'];

function ThemePreview({ theme, device }: { theme: SiteThemeId; device: DeviceView }) {
  const width = device === 'desktop' ? undefined : DEVICE_VIEWS[device].width;
  return (
    <iframe
      className="ed-theme-preview"
      title="Preview of your site in the chosen theme"
      src={`/?${THEME_PREVIEW_PARAM}=${theme}`}
      style={{
        width: width ? `${width}px` : '100%',
        height: '100%',
        border: 0,
        margin: '0 auto',
        display: 'block',
      }}
    />
  );
}

/** Site styles: the heading and body fonts and the site's colours, previewed on the home page as they change. */
export function SiteStylesScreen() {
  const site = useEditorSite();
  return (
    <ScreenLoader title="Site styles" query={useSiteStyles()} also={[site]} version={(d) => d.version}>
      {(data, reload) => <SiteStylesForm initial={data} onReload={reload} />}
    </ScreenLoader>
  );
}

function SiteStylesForm({ initial, onReload }: { initial: VersionedSiteStyles; onReload: () => void }) {
  const me = useMe();
  const readOnly = !me.data?.canEdit;
  const site = useEditorSite().data!;
  const kit = useFontKit();
  const save = useSaveSiteStyles();
  const form = useVersionedForm<SiteStyles>(initial.styles, save);
  const styles = form.value;
  const [panel, setPanel] = useState<'fonts' | 'colours' | 'theme'>('fonts');
  const [previewing, setPreviewing] = useState<SiteThemeId>();
  const [device, setDevice] = useState<DeviceView>('desktop');
  const errors = form.errors();
  const set = form.update;

  const styleGuide = [
    { role: 'Headings', fontId: styles.headingFont ?? 'serif' },
    { role: 'Body', fontId: styles.bodyFont ?? 'system' },
  ];
  const fontState = kit.isPending ? 'loading' : kit.error ? 'error' : 'ready';
  const fontProps = {
    fonts: kit.data?.fonts,
    state: fontState,
    onRetry: () => void kit.refetch(),
    styleGuide,
    isDisabled: readOnly,
  } as const;

  return (
    <div className="ed-page-editor">
      <div className="ed-toolbar" role="toolbar" aria-label="Site styles tools">
        <div className="ed-toolbar__start">
          <h1 className="ed-page-title">Site styles</h1>
        </div>
        <div className="ed-toolbar__end">
          <DeviceSwitcher value={device} onChange={setDevice} views={THEME_PREVIEW_VIEWS} />
          {!readOnly && (
            <SaveBar
              state={form.state}
              canSave={form.canSave}
              onSave={() => save.mutate({ styles, version: initial.version })}
            />
          )}
        </div>
      </div>
      {form.conflict && <ConflictBanner onReload={onReload} />}
      <div className="ed-workspace ed-workspace--styles">
        <aside className="ed-sidebar" aria-label="Fonts and colours">
          <div className="ed-tabs" role="tablist" aria-label="Site styles">
            {(['fonts', 'colours', 'theme'] as const).map((p) => (
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
                {TAB_LABELS[p]}
              </button>
            ))}
          </div>
          <div
            className="ed-panel"
            role="tabpanel"
            id={`styles-panel-${panel}`}
            aria-labelledby={`styles-tab-${panel}`}
          >
            {panel === 'theme' ? (
              <ThemePanel previewing={previewing} onPreview={setPreviewing} readOnly={readOnly} />
            ) : panel === 'fonts' ? (
              <>
                <FontPicker
                  label="Heading font"
                  value={styles.headingFont ?? 'serif'}
                  onChange={(id) => set({ headingFont: id })}
                  {...fontProps}
                />
                {errors['styles.headingFont'] && (
                  <p className="ed-field__error">{errors['styles.headingFont']}</p>
                )}
                <FontPicker
                  label="Body font"
                  value={styles.bodyFont ?? 'system'}
                  onChange={(id) => set({ bodyFont: id })}
                  {...fontProps}
                />
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
        {/* Focusable so a keyboard can scroll a preview wider or taller than the pane. */}
        <div className="ed-canvas" role="region" aria-label="Preview" tabIndex={0}>
          {previewing ? (
            <ThemePreview theme={previewing} device={device} />
          ) : (
            <StylesPreview styles={styles} device={device} site={site} />
          )}
        </div>
      </div>
    </div>
  );
}

/** The home page with the styles being edited: each change shows at once, before it is saved. */
function StylesPreview({
  styles,
  device,
  site,
}: {
  styles: SiteStyles;
  device: DeviceView;
  site: NonNullable<ReturnType<typeof useEditorSite>['data']>;
}) {
  const pages = usePages().data;
  const home = pages?.find((p) => p.path === '/') ?? pages?.[0];
  const page = usePage(home?.id ?? '');
  const layout = useSiteLayout().data;
  const { pagePaths } = useLinkTargets();
  const shown = page.data ? (page.data.published ?? page.data.draft) : undefined;
  const refs = useMemo(
    () => previewReferences(site, shown ? [shown, site.headerFooter.footer.content] : []),
    [site, shown],
  );
  const previewProducts = usePreviewProducts(refs).data;
  const data = useMemo(
    () => ({ ...renderDataFor(site, previewProducts), pages: pagePaths }),
    [site, previewProducts, pagePaths],
  );
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
  return (
    <PreviewFrame
      parts={parts}
      device={device}
      onSelectBlock={() => undefined}
      title="Preview of the home page with these styles"
    />
  );
}
