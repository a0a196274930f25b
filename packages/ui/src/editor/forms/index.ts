export { FormEditorPanel, type FormEditorPanelProps } from './FormEditorPanel';
export { SubmissionsPanel, type SubmissionsPanelProps } from './SubmissionsPanel';
