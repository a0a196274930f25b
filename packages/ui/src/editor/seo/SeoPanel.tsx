import { useId, type ReactNode } from 'react';
import { EditorField } from '../field/EditorField';
import { PREVIEW_LIMITS } from './preview-text';
import { SearchResultPreview } from './SearchResultPreview';
import { SocialCardPreview } from './SocialCardPreview';

/** What search engines and social sites get of a page, product or post (@site/page-content's seo schemas). */
export interface SeoValue {
  title: string;
  description: string;
  socialImage: string;
  noindex: boolean;
}

export type SeoField = 'title' | 'description' | 'socialImage';

export interface SeoPanelProps {
  value: SeoValue;
  onChange: (patch: Partial<SeoValue>) => void;
  /** What shows where a field is left empty: the title with the site's name, the summary, the picture. */
  fallback: { title: string; description: string; image?: string };
  /** The address as visitors see it, without the scheme: harbour.example/shop/p/tote. */
  url: string;
  /** What the settings are of, in the owner's words: page, product, post. */
  noun: string;
  errors?: Partial<Record<SeoField, ReactNode>>;
  disabled?: boolean;
  /** The saved settings are still on their way: no fields yet. */
  loading?: boolean;
  /** They could not be read: said instead of the fields. */
  loadError?: string;
  /** The most characters the description takes (the shared schema's limit). */
  descriptionMax?: number;
}

export const seoPanelMessages = {
  legend: 'Search engines and sharing',
  loading: 'Loading the search engine settings…',
  titleLabel: 'SEO title',
  titleHint: (noun: string) =>
    `Shown in the browser tab, search results and shared links. Leave empty to use the ${noun}’s title and the site name.`,
  descriptionLabel: 'SEO description',
  descriptionHint: (noun: string) =>
    `One or two sentences for search results and shared links. ${noun === 'page' ? 'Left empty, search engines pick text from the page.' : `Leave empty to use the ${noun}’s summary.`}`,
  imageLabel: 'Social sharing image',
  imageHint: 'The picture a shared link shows: an image address (https://…) or a file of this site (/s/…).',
  hideLabel: 'Hide from search engines',
  hideHint: (noun: string) =>
    `Asks search engines not to list this ${noun} and leaves it out of the sitemap${noun === 'post' ? ' and the RSS feed' : ''}. Visitors with the link still see it.`,
  count: (used: number, shown: number) =>
    used > shown
      ? `${used} characters: about ${shown} show, the rest is cut.`
      : `${used} of about ${shown} characters that show.`,
} as const;

/**
 * The search and sharing settings of one page, product or post, with live previews of its search
 * result and social card as the owner types; empty fields show what is used instead.
 */
export function SeoPanel({
  value,
  onChange,
  fallback,
  url,
  noun,
  errors = {},
  disabled,
  loading,
  loadError,
  descriptionMax = 500,
}: SeoPanelProps) {
  const id = useId();
  const m = seoPanelMessages;
  const title = value.title || fallback.title;
  const description = value.description || fallback.description;
  return (
    <fieldset
      className="ed-form__group ed-seo"
      disabled={disabled || undefined}
      aria-busy={loading || undefined}
    >
      <legend className="ed-field__label">{m.legend}</legend>
      {loading ? (
        <p className="ed-muted">{m.loading}</p>
      ) : loadError ? (
        <p className="ed-field__error" role="alert">
          {loadError}
        </p>
      ) : (
        <>
          <div className="ed-seo__previews">
            <SearchResultPreview
              title={title}
              url={url}
              description={description}
              hidden={value.noindex}
              noun={noun}
            />
            <SocialCardPreview
              domain={url.split('/')[0] ?? url}
              title={title}
              description={description}
              image={value.socialImage || fallback.image}
            />
          </div>
          <EditorField
            label={m.titleLabel}
            hint={`${m.titleHint(noun)} ${m.count(value.title.length, PREVIEW_LIMITS.searchTitle)}`}
            error={errors.title}
            disabled={disabled}
          >
            {(control) => (
              <input
                {...control}
                className="ed-input"
                maxLength={200}
                placeholder={fallback.title}
                value={value.title}
                onChange={(e) => onChange({ title: e.target.value })}
              />
            )}
          </EditorField>
          <EditorField
            label={m.descriptionLabel}
            hint={`${m.descriptionHint(noun)} ${m.count(value.description.length, PREVIEW_LIMITS.searchDescription)}`}
            error={errors.description}
            disabled={disabled}
          >
            {(control) => (
              <textarea
                {...control}
                className="ed-input"
                rows={3}
                maxLength={descriptionMax}
                placeholder={fallback.description}
                value={value.description}
                onChange={(e) => onChange({ description: e.target.value })}
              />
            )}
          </EditorField>
          <EditorField label={m.imageLabel} hint={m.imageHint} error={errors.socialImage} disabled={disabled}>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                inputMode="url"
                spellCheck={false}
                value={value.socialImage}
                onChange={(e) => onChange({ socialImage: e.target.value })}
              />
            )}
          </EditorField>
          <div className="ed-field">
            <div className="ed-field--toggle">
              <input
                id={`${id}-noindex`}
                type="checkbox"
                checked={value.noindex}
                disabled={disabled}
                aria-describedby={`${id}-noindex-hint`}
                onChange={(e) => onChange({ noindex: e.target.checked })}
              />
              <label htmlFor={`${id}-noindex`}>{m.hideLabel}</label>
            </div>
            <p className="ed-field__hint" id={`${id}-noindex-hint`}>
              {m.hideHint(noun)}
            </p>
          </div>
        </>
      )}
    </fieldset>
  );
}
