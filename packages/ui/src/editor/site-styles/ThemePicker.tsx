import type { SiteThemeId, ThemeSummary } from '@site/page-content';
import { Button } from 'react-aria-components';
import { siteStylesMessages as m } from './site-styles-messages';

export interface ThemePickerProps {
  themes: ThemeSummary[] | undefined;
  state: 'loading' | 'error' | 'ready';
  onRetry?: () => void;
  /** The theme the site wears now. */
  current: SiteThemeId | undefined;
  /** The theme "Undo" goes back to, or null when there is nothing to undo. */
  previousTheme: SiteThemeId | null | undefined;
  /** The theme shown in the preview beside the picker, if it is not the current one. */
  previewing?: SiteThemeId;
  onPreview: (id: SiteThemeId | undefined) => void;
  onApply: (id: SiteThemeId) => void;
  onUndo: () => void;
  /** A change or an undo is on its way to the server. */
  isPending?: boolean;
  /** Why the last change or undo failed. */
  error?: string;
  isDisabled?: boolean;
}

/**
 * "Change theme": each theme with its picture, previewed on the site's own content before it is
 * applied; applying keeps every page, product and post, and the last change can be undone.
 */
export function ThemePicker({
  themes,
  state,
  onRetry,
  current,
  previousTheme,
  previewing,
  onPreview,
  onApply,
  onUndo,
  isPending,
  error,
  isDisabled,
}: ThemePickerProps) {
  if (state === 'loading')
    return (
      <p className="ed-loading" role="status">
        {m.loadingThemes}
      </p>
    );
  if (state === 'error' || !themes)
    return (
      <div role="alert" className="ed-theme-picker__error">
        <p>{m.themesFailed}</p>
        {onRetry && (
          <Button className="ed-button" onPress={onRetry}>
            {m.retry}
          </Button>
        )}
      </div>
    );
  const previous = themes.find((t) => t.id === previousTheme);
  return (
    <div className="ed-theme-picker">
      <p className="ed-theme-picker__intro">{m.themeIntro}</p>
      {previous && (
        <div className="ed-theme-picker__undo" role="status">
          <p>{m.themeChanged(previous.name)}</p>
          <Button className="ed-button" onPress={onUndo} isDisabled={isDisabled || isPending}>
            {m.undoThemeChange(previous.name)}
          </Button>
        </div>
      )}
      {error && (
        <p className="ed-field__error" role="alert">
          {error}
        </p>
      )}
      <ul className="ed-theme-picker__list" aria-label={m.themes}>
        {themes.map((theme) => {
          const isCurrent = theme.id === current;
          const isPreviewing = theme.id === previewing;
          const picture =
            theme.previews.find((p) => p.page === 'home' && p.width === 1280) ?? theme.previews[0];
          return (
            <li
              key={theme.id}
              className="ed-theme-card"
              data-current={isCurrent || undefined}
              data-previewing={isPreviewing || undefined}
            >
              {picture && (
                <img
                  className="ed-theme-card__picture"
                  src={picture.url}
                  alt={m.themePicture(theme.name)}
                  width={1280}
                  height={800}
                  loading="lazy"
                />
              )}
              <h3 className="ed-theme-card__name">
                {theme.name}
                {isCurrent && <span className="ed-theme-card__badge">{m.currentTheme}</span>}
              </h3>
              <p className="ed-theme-card__description">{theme.description}</p>
              <PageGallery theme={theme} />
              {!isCurrent && (
                <div className="ed-theme-card__actions">
                  <Button
                    className="ed-button"
                    aria-pressed={isPreviewing}
                    onPress={() => onPreview(isPreviewing ? undefined : theme.id)}
                  >
                    {isPreviewing ? m.stopPreview : m.previewTheme(theme.name)}
                  </Button>
                  <Button
                    className="ed-button ed-button--primary"
                    onPress={() => onApply(theme.id)}
                    isDisabled={isDisabled || isPending}
                  >
                    {m.applyTheme(theme.name)}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Every page type in the theme on a phone, opened on request so the list stays short. */
function PageGallery({ theme }: { theme: ThemeSummary }) {
  const pages = theme.previews.filter((p) => p.width === 390);
  if (pages.length < 2) return null;
  return (
    <details className="ed-theme-card__pages">
      <summary>{m.everyPage(pages.length)}</summary>
      <ul className="ed-theme-card__page-list">
        {pages.map((p) => {
          const name = m.pageTypes[p.page] ?? p.page;
          return (
            <li key={p.page}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img
                  src={p.url}
                  alt={m.pagePicture(theme.name, name)}
                  width={390}
                  height={844}
                  loading="lazy"
                />
                <span>{name}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
