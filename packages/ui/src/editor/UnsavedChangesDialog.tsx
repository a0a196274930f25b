import { editorMessages } from './editor-messages';
import { ConfirmDialog } from './ConfirmDialog';

export interface UnsavedChangesDialogProps {
  isOpen: boolean;
  /** How many changes are not saved, shown so the owner knows what is at stake. */
  changeCount: number;
  isSaving?: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onReview: () => void;
}

/** platform.md §2: leaving with edits that aren't saved asks Save, Discard or Review Changes. */
export function UnsavedChangesDialog({
  isOpen,
  changeCount,
  isSaving,
  onSave,
  onDiscard,
  onReview,
}: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={editorMessages.unsavedTitle}
      onDismiss={onReview}
      actions={[
        { label: editorMessages.reviewChanges, onPress: onReview },
        { label: editorMessages.discard, onPress: onDiscard, variant: 'danger', isDisabled: isSaving },
        {
          label: isSaving ? editorMessages.saving : editorMessages.save,
          onPress: onSave,
          variant: 'primary',
          isDisabled: isSaving,
        },
      ]}
    >
      <p>{editorMessages.unsavedBody(changeCount)}</p>
    </ConfirmDialog>
  );
}
