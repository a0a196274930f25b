export interface SearchResultPreviewProps {
  /** The title a search engine shows: the page's SEO title, or "Page — Site". */
  title: string;
  /** The page's address as visitors see it, e.g. harbour.example/about. */
  url: string;
  description: string;
  /** The page asks search engines to leave it out. */
  hidden?: boolean;
}

// Search engines cut titles near 60 characters and descriptions near 160; the preview cuts alike.
const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** How the page may look in a search result, so the owner sees the effect of the title and description. */
export function SearchResultPreview({ title, url, description, hidden }: SearchResultPreviewProps) {
  return (
    <figure className="ed-search-preview" aria-label="Search result preview">
      {hidden ? (
        <p className="ed-search-preview__hidden">
          Hidden from search engines: this page will not show in results.
        </p>
      ) : (
        <>
          <p className="ed-search-preview__url">{url}</p>
          <p className="ed-search-preview__title">{cut(title, 60)}</p>
          <p className="ed-search-preview__description">
            {description
              ? cut(description, 160)
              : 'No description yet: search engines pick text from the page.'}
          </p>
        </>
      )}
    </figure>
  );
}
