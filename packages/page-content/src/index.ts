export { messages, type MessageKey } from './messages';
export { LIMITS, DEVICE_VIEWS, type DeviceView } from './limits';
export { isStorableText, isSafeHref, text, href, STORABLE_TEXT_MESSAGE } from './text';

export {
  defineBlock,
  ALIGN_OPTIONS,
  type BlockDefinition,
  type BlockCategory,
  type BlockRenderData,
  type InspectorField,
} from './blocks/define-block';
export { BLOCK_DEFINITIONS, BLOCK_CATEGORIES, blockDefinition } from './blocks/registry';
export { videoPlayerUrl, uploadedFileId } from './blocks/types/media';

export { sanitizeRichText, isSafeRichTextHref } from './rich-text/sanitize';
export { plainTextToHtml } from './rich-text/plain-text';
export {
  LINK_TYPES,
  LINK_TYPE_LABELS,
  EXAMPLE_EMAIL,
  EXAMPLE_HOSTS,
  emptyLinkDraft,
  isValidEmail,
  normalizeWebAddress,
  validateLink,
  linkHref,
  parseLinkHref,
  resolvePageLinks,
  linkedPageIds,
  type LinkType,
  type LinkDraft,
  type LinkErrors,
} from './rich-text/links';

export {
  blockSchema,
  sectionSchema,
  pageDocumentSchema,
  contentIdSchema,
  countBlocks,
  createBlock,
  emptyDocument,
  newContentId,
  SECTION_BACKGROUNDS,
  SECTION_WIDTHS,
  type Block,
  type Section,
  type PageDocument,
} from './document/page-document';

export {
  slugify,
  normalizePagePath,
  isValidPagePath,
  isReservedPath,
  nextFreePath,
  pagePathSchema,
  RESERVED_SEGMENTS,
} from './pages/page-url';
export {
  CONTENT_STATUSES,
  CONTENT_STATUS_LABELS,
  FOLDER_BEHAVIORS,
  pageVisibility,
  type ContentStatus,
  type FolderBehavior,
  type Visibility,
} from './pages/content-status';

export {
  NAVIGATION_FIELDS,
  NAVIGATION_FIELD_TITLES,
  navigationItemSchema,
  updateNavigationSchema,
  type NavigationField,
  type NavigationItem,
  type UpdateNavigation,
  type SiteLayoutEntry,
  type SiteLayoutLink,
} from './navigation/navigation';

export {
  siteHeaderSchema,
  siteFooterSchema,
  headerFooterSchema,
  updateHeaderFooterSchema,
  type SiteHeader,
  type SiteFooter,
  type HeaderFooter,
} from './header-footer/header-footer';

export {
  EDITOR_API,
  PAGE_KINDS,
  EDITING_ROLES,
  VIEWING_ROLES,
  canEdit,
  canView,
  createPageSchema,
  updatePageSchema,
  saveDraftSchema,
  versionSchema,
  type PageKind,
  type CreatePage,
  type UpdatePage,
  type SaveDraft,
  type PageSummary,
  type PageDetail,
  type RevisionSummary,
  type EditorSite,
  type EditorMe,
} from './editor-api/pages-api';
export { ACCESS_LOCKS_API, LOCK_PASSWORD, updateAccessLockSchema, type UpdateAccessLock, type AccessLocks } from './editor-api/access-locks';

export {
  renderBlock,
  renderSection,
  renderDocument,
  documentReferences,
  EMPTY_RENDER_DATA,
  type RenderOptions,
  type RenderedHtml,
} from './render/render-document';

export {
  FILES_API,
  BYTES_PER_MB,
  IMAGE_WIDTHS,
  FILE_TYPES,
  FILE_STATUSES,
  FILE_LIMITS,
  fileMessages,
  formatMegabytes,
  isImageType,
  fileNameSchema,
  focalPointSchema,
  updateFileSchema,
  listFilesQuerySchema,
  type FileContentType,
  type FileStatus,
  type FocalPoint,
  type UpdateFile,
  type FileView,
  type ColorData,
  type FileList,
  type UploadResult,
} from './files/files-api';
export {
  MAILING_API,
  mailingMessages,
  LIST_NAME_MAX,
  mailingListInputSchema,
  subscriberQuerySchema,
  SUBSCRIBER_SOURCES,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  isWebhookUrl,
  webhookInputSchema,
  newsletterSignUpSchema,
  type MailingListInput,
  type MailingListView,
  type SubscriberSourceName,
  type SubscriberView,
  type WebhookEventName,
  type WebhookInput,
  type WebhookView,
  type DeliveryView,
  type NewsletterSignUp,
} from './editor-api/mailing-lists-api';
export {
  COLOUR_BOUNDS,
  COLOUR_SWATCHES,
  DARK_LUMINANCE,
  LIGHT_THRESHOLD,
  colourWeight,
  hexToRgb,
  hslProblems,
  hslToRgb,
  hslaCss,
  isDarkByLuminance,
  luminance,
  normaliseHex,
  rgbChannelProblem,
  rgbToHex,
  rgbToHsl,
  type Hsla,
  type Rgb,
} from './site-styles/colour';
export {
  FONTS,
  FONT_CATEGORIES,
  FONT_IDS,
  fontById,
  fontFaceCss,
  fontFileUrl,
  fontStack,
  searchFonts,
  type FontCategory,
  type FontDefinition,
} from './site-styles/fonts';
export {
  SITE_COLOUR_ROLES,
  SITE_STYLES_API,
  colourCss,
  siteColourSchema,
  siteStylesCss,
  siteStylesSchema,
  updateSiteStylesSchema,
  type FontKit,
  type SiteColour,
  type SiteColourRole,
  type SiteStyles,
  type UpdateSiteStyles,
  type VersionedSiteStyles,
} from './site-styles/site-styles';

export {
  GALLERY_DESIGNS,
  GALLERY_DESIGN_LABELS,
  GALLERY_ASPECT_RATIOS,
  GALLERY_ASPECT_RATIO_LABELS,
  GALLERY_META_POSITIONS,
  GALLERY_ACTIVE_ALIGNMENTS,
  DEFAULT_SLIDER_ASPECT_RATIO,
  DEFAULT_GALLERY_OPTIONS,
  galleryOptionsSchema,
  chooseGalleryDesign,
  effectiveGalleryOptions,
  adjustGallerySettings,
  type GalleryDesign,
  type GalleryAspectRatio,
  type GalleryOptions,
  type EffectiveGalleryOptions,
} from './gallery/gallery-options';
export { galleryView, renderGallery, GALLERY_TEMPLATE, type GalleryView, type GalleryImageInput } from './gallery/gallery-view';
export {
  ITEM_COLLECTION_TYPES,
  RECORD_TYPE,
  MAX_ALBUM_TRACKS,
  MAX_COLLECTION_ITEMS,
  SHOW_PAST_OR_UPCOMING,
  collectionMessages,
  eventLocationSchema,
  eventDataSchema,
  imageDataSchema,
  audioDataSchema,
  videoDataSchema,
  ITEM_DATA_SCHEMAS,
  createItemSchema,
  updateItemSchema,
  COLLECTIONS_API,
  type ItemCollectionType,
  type ShowPastOrUpcoming,
  type EventLocation,
  type CreateItem,
  type UpdateItem,
  type CollectionItemView,
} from './collections/collection-items';
export { splitEvents, nextEventChange, eventAddress, eventIcs, type TimedEvent, type CalendarEvent } from './collections/events';
export * from './multilingual/index';
export {
  DATASET_LIMITS,
  chartMessages,
  datasetSchema,
  cellNumber,
  truncateDataset,
  datasetError,
  type Dataset,
} from './charts/dataset';
export { chartView, niceTicks, CHART_TYPES, SERIES_COLOURS, type ChartType, type ChartView } from './charts/chart-svg';
export {
  TAGS_API,
  TAG_TYPES,
  TAG_MAX_LENGTH,
  tagMessages,
  tagNameError,
  sameTag,
  createTagSchema,
  renameTagSchema,
  mergeTagsSchema,
  removeTagsSchema,
  tagQuerySchema,
  filterTags,
  mergeNames,
  type TagType,
  type TagView,
} from './editor-api/tags-api';
export {
  MAX_TEMPLATE_SOURCE,
  TEMPLATES_API,
  saveTemplateSchema,
  templateNameSchema,
  type SaveTemplate,
  type TemplateProblem,
  type TemplateSource,
  type TemplateSummary,
} from './templates/templates-api';
