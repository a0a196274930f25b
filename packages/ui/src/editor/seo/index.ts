export { SearchResultPreview, type SearchResultPreviewProps } from './SearchResultPreview';
export { SocialCardPreview, type SocialCardPreviewProps } from './SocialCardPreview';
export { SeoPanel, seoPanelMessages, type SeoField, type SeoPanelProps, type SeoValue } from './SeoPanel';
export { cutForPreview, PREVIEW_LIMITS } from './preview-text';
