import type { FileKind, FileView } from '@site/page-content';
import { FileManager } from '@site/ui';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useFileManager } from './useFileManager';

export interface FilePickerDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onChoose: (file: FileView) => void;
  /** Images only (the default), audio for album tracks, or any file, as a digital product delivers. */
  kind?: FileKind;
}

const PICKER_TITLES: Record<FileKind, string> = {
  image: 'Choose image',
  audio: 'Choose audio file',
  all: 'Choose file',
};

function Picker({ onClose, onChoose, kind = 'image' }: Omit<FilePickerDialogProps, 'isOpen'>) {
  const manager = useFileManager({ kind, onChoose });
  return (
    <Dialog className="ed-dialog ed-file-picker">
      <Heading slot="title" className="ed-dialog__title">
        {PICKER_TITLES[kind]}
      </Heading>
      <FileManager {...manager} />
      <div className="ed-dialog__actions">
        <Button className="ed-button" onPress={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}

/** The file manager as the image block's picker: upload or select an image, then "Use this file". */
export function FilePickerDialog({ isOpen, onClose, onChoose, kind }: FilePickerDialogProps) {
  return (
    <ModalOverlay
      className="ed-modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => !open && onClose()}
    >
      <Modal className="ed-modal ed-modal--wide">
        {isOpen && <Picker onClose={onClose} onChoose={onChoose} kind={kind} />}
      </Modal>
    </ModalOverlay>
  );
}
