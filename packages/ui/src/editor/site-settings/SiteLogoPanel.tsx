import { useId } from 'react';
import { ImagePicker } from './ImagePicker';

export const siteLogoPanelMessages = {
  title: 'Logo',
  hint: 'A picture of your logo, at least 40 pixels tall; a wide one with a transparent background looks best. The header shows it in place of your site’s name, which stays its description for screen readers and search engines.',
  none: 'Your header shows your site’s name as text.',
  upload: 'Upload logo',
  replace: 'Replace logo',
  remove: 'Remove logo',
  uploading: 'Uploading…',
  loading: 'Loading the logo…',
  preview: (title: string) => `Your header’s logo: ${title}`,
} as const;

export interface SiteLogoPanelProps {
  /** Where the logo is served; null while the header shows the name as text; undefined while loading. */
  logoUrl?: string | null;
  /** The site's name: the logo's description, and what the header shows without one. */
  siteTitle?: string;
  onUpload: (file: File) => void;
  onRemove: () => void;
  /** An upload or removal is on its way. */
  isBusy?: boolean;
  /** The server's refusal (not an image, too short, too large), in its words. */
  error?: string;
  isReadOnly?: boolean;
}

/**
 * The header's logo on the Site settings screen: what the header shows now (the logo, or the
 * name as text), and a picker that sends the chosen picture at once, as the icon's does.
 */
export function SiteLogoPanel({
  logoUrl,
  siteTitle = '',
  onUpload,
  onRemove,
  isBusy,
  error,
  isReadOnly,
}: SiteLogoPanelProps) {
  const id = useId();
  const m = siteLogoPanelMessages;
  return (
    <section className="ed-site-logo" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.title}</h2>
      {logoUrl === undefined ? (
        <p className="ed-loading" role="status">
          {m.loading}
        </p>
      ) : (
        <>
          <div className="ed-site-logo__header" aria-describedby={`${id}-hint`}>
            {logoUrl ? (
              <img className="ed-site-logo__image" src={logoUrl} alt={m.preview(siteTitle)} />
            ) : (
              <span className="ed-site-logo__text">{siteTitle}</span>
            )}
          </div>
          <ImagePicker
            className="ed-site-profile__actions"
            hasImage={Boolean(logoUrl)}
            isBusy={isBusy}
            isReadOnly={isReadOnly}
            labels={m}
            onUpload={onUpload}
            onRemove={onRemove}
          />
          <p className="ed-field__hint" id={`${id}-hint`}>
            {logoUrl ? m.hint : `${m.none} ${m.hint}`}
          </p>
        </>
      )}
      {error && (
        <p className="ed-field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
