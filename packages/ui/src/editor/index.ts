export { ConfirmDialog, type ConfirmDialogProps, type DialogAction } from './ConfirmDialog';
export { UnsavedChangesDialog, type UnsavedChangesDialogProps } from './UnsavedChangesDialog';
export { DeviceSwitcher, type DeviceSwitcherProps } from './DeviceSwitcher';
export { ActionNotice, type ActionNoticeProps } from './ActionNotice';
export { SaveStatus, type SaveStatusProps, type SaveState } from './SaveStatus';
export { ErrorBoundary, ErrorFallback, type ErrorBoundaryProps } from './ErrorFallback';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ShowMore, type ShowMoreProps } from './ShowMore';
export * from './field';
export { BlockPicker, type BlockPickerProps } from './BlockPicker';
export { ComponentList, type ComponentListProps } from './ComponentList';
export { SaveAsComponent, type SaveAsComponentProps } from './SaveAsComponent';
export {
  BlockInspector,
  type BlockInspectorProps,
  type InspectorChoice,
  type ProductSearch,
} from './BlockInspector';
export {
  GalleryMediaField,
  galleryMessages,
  type GalleryMediaSources,
  type LibraryFile,
} from './gallery/GalleryMediaField';
export { PhotoFeedField, photoFeedMessages, type PhotoFeedSource } from './gallery/PhotoFeedField';
export {
  billingMessages,
  commentSettingsMessages,
  editorMessages,
  languageMessages,
} from './editor-messages';
export * from './files';
export { EditorIcon, type EditorIconName } from './EditorIcon';
export * from './store';
// Types only: the rich-text and code editors load lazily from the block inspector.
export type { LinkTargets, LinkPage, LinkFile } from './rich-text/LinkEditorDialog';
export type { RichTextEditorProps } from './rich-text/RichTextEditor';
export { RichTextField, type RichTextFieldProps } from './rich-text/RichTextField';
export type { CodeEditorProps } from './code/CodeEditor';

export * from './connections';
export * from './analytics';
export * from './site-styles';
export * from './forms';
// Type only: the dataset editor loads lazily from the block inspector.
export type { DatasetEditorProps } from './charts/DatasetEditor';
export { TagManagerPanel, type TagManagerPanelProps, type TagItemNoun } from './tags/TagManagerPanel';
export { RedirectsPanel, type RedirectDraft, type RedirectsPanelProps } from './redirects/RedirectsPanel';
export {
  MemberAreasPanel,
  type GateablePage,
  type MemberAreasPanelProps,
} from './member-areas/MemberAreasPanel';
export { AreaMembersList, type AreaMembersListProps } from './member-areas/AreaMembersList';
export * from './access-lock';
export { TemplateEditor, type TemplateEditorProps } from './code/TemplateEditor';
export * from './site-settings';
export * from './seo';
export * from './team';
export * from './sign-in-providers';
export { SiteExportPanel, type SiteExportPanelProps } from './site-export/SiteExportPanel';
export * from './activity';
export * from './reviews';
export * from './grid';
