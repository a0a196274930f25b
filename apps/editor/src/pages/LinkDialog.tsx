import { ConfirmDialog } from '@site/ui/editor-confirm-dialog';
import { useState } from 'react';
import { errorMessage } from '../screen-kit/save-state';
import { LinkFields, useLinkSave, type ExternalLink } from './LinkFields';

/** Edits a menu link in place: its title, where it goes, and whether it opens a new window. */
export function LinkDialog({
  link,
  onClose,
  onSave,
}: {
  link: ExternalLink;
  onClose: () => void;
  onSave: (next: ExternalLink) => Promise<unknown>;
}) {
  const [value, setValue] = useState(link);
  const { errors, failure, saving, save: saveLink } = useLinkSave(onSave, onClose);
  const save = () => saveLink(value);

  return (
    <ConfirmDialog
      isOpen
      title="Edit link"
      onDismiss={onClose}
      actions={[
        { label: 'Cancel', onPress: onClose },
        { label: saving ? 'Saving…' : 'Save', onPress: save, variant: 'primary', isDisabled: saving },
      ]}
    >
      <form
        className="ed-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <LinkFields value={value} onChange={setValue} errors={errors} />
        {failure ? (
          <p className="ed-field__error" role="alert">
            {errorMessage(failure)}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}
