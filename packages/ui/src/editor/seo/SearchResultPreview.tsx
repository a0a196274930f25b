import { cutForPreview, PREVIEW_LIMITS } from './preview-text';

export interface SearchResultPreviewProps {
  /** The title a search engine shows: the page's SEO title, or "Page — Site". */
  title: string;
  /** The page's address as visitors see it, e.g. harbour.example/about. */
  url: string;
  description: string;
  /** The page asks search engines to leave it out. */
  hidden?: boolean;
  /** What is previewed, in the owner's words: page, product, post. */
  noun?: string;
}

/** How the page may look in a search result, so the owner sees the effect of the title and description. */
export function SearchResultPreview({
  title,
  url,
  description,
  hidden,
  noun = 'page',
}: SearchResultPreviewProps) {
  return (
    <figure className="ed-search-preview" aria-label="Search result preview">
      {hidden ? (
        <p className="ed-search-preview__hidden">
          Hidden from search engines: this {noun} will not show in results.
        </p>
      ) : (
        <>
          <p className="ed-search-preview__url">{url}</p>
          <p className="ed-search-preview__title">{cutForPreview(title, PREVIEW_LIMITS.searchTitle)}</p>
          <p className="ed-search-preview__description">
            {description
              ? cutForPreview(description, PREVIEW_LIMITS.searchDescription)
              : `No description yet: search engines pick text from the ${noun}.`}
          </p>
        </>
      )}
    </figure>
  );
}
