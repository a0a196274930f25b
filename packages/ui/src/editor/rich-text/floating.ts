// What the page editor's preview needs to format text typed on the page, as one module so the
// rich-text kit stays out of the editor's first load.
export { FloatingToolbar, type FloatingToolbarProps, type ToolbarAnchor } from './FloatingToolbar';
export {
  EMPTY_TOOLBAR_STATE,
  type BlockToggle,
  type Mark,
  type TextAlign,
  type TextStyle,
  type ToolbarCommand,
  type ToolbarState,
} from './RichTextToolbar';
export { LinkEditorDialog, type LinkEditorDialogProps } from './LinkEditorDialog';
