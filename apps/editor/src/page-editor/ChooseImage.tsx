import type { FileKind, FileView } from '@site/page-content';
import { lazy, Suspense, useState } from 'react';

// The picker brings the file manager with it; it loads when first opened.
const FilePickerDialog = lazy(() =>
  import('../files/FilePickerDialog').then((m) => ({ default: m.FilePickerDialog })),
);

/** "Choose image" beside an image block's URL: picks or uploads a file and hands it back; `kind` audio picks an album's tracks. */
export function ChooseImage({
  onChoose,
  label = 'Choose image',
  kind = 'image',
}: {
  onChoose: (file: FileView) => void;
  label?: string;
  kind?: Exclude<FileKind, 'all'>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="ed-button" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FilePickerDialog
            isOpen
            kind={kind}
            onClose={() => setOpen(false)}
            onChoose={(file) => {
              setOpen(false);
              onChoose(file);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
