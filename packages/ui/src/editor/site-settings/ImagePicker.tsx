import { useRef } from 'react';

export interface ImagePickerProps {
  className: string;
  /** A picture is set: the button replaces it and Remove shows. */
  hasImage: boolean;
  /** An upload or removal is on its way. */
  isBusy?: boolean;
  isReadOnly?: boolean;
  labels: { upload: string; replace: string; uploading: string; remove: string };
  onUpload: (file: File) => void;
  onRemove: () => void;
}

/**
 * Upload (or Replace) and Remove for one site picture (the icon, the logo). The file input stays
 * out of the tab order and out of assistive tech: the button opens it, and a chosen file is sent
 * at once; the input is then emptied so choosing the same file again sends it again.
 */
export function ImagePicker({
  className,
  hasImage,
  isBusy,
  isReadOnly,
  labels,
  onUpload,
  onRemove,
}: ImagePickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className={className}>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onUpload(file);
          e.target.value = '';
        }}
      />
      <button
        type="button"
        className="ed-button"
        disabled={isReadOnly || isBusy}
        onClick={() => fileInput.current?.click()}
      >
        {isBusy ? labels.uploading : hasImage ? labels.replace : labels.upload}
      </button>
      {hasImage && (
        <button
          type="button"
          className="ed-button ed-button--ghost"
          disabled={isReadOnly || isBusy}
          onClick={onRemove}
        >
          {labels.remove}
        </button>
      )}
    </div>
  );
}
