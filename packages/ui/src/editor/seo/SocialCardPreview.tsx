import { cutForPreview, PREVIEW_LIMITS } from './preview-text';

export interface SocialCardPreviewProps {
  /** The site's address without the path, e.g. harbour.example: social sites show the domain only. */
  domain: string;
  title: string;
  description: string;
  /** The picture the card shows (the social image, else the item's own); none: a text-only card. */
  image?: string;
}

/** How a link to the page may look when shared on a social site: picture, domain, title, text. */
export function SocialCardPreview({ domain, title, description, image }: SocialCardPreviewProps) {
  return (
    <figure className="ed-social-card" aria-label="Social card preview">
      {image ? (
        // The card's picture repeats nothing the text says: decorative for a screen reader.
        <img className="ed-social-card__image" src={image} alt="" loading="lazy" />
      ) : (
        <p className="ed-social-card__no-image">No picture: shared links show text only.</p>
      )}
      <div className="ed-social-card__text">
        <p className="ed-social-card__domain">{domain}</p>
        <p className="ed-social-card__title">{cutForPreview(title, PREVIEW_LIMITS.cardTitle)}</p>
        {description && (
          <p className="ed-social-card__description">
            {cutForPreview(description, PREVIEW_LIMITS.cardDescription)}
          </p>
        )}
      </div>
    </figure>
  );
}
