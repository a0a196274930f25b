import type { ReactNode } from 'react';
import { ExistingFiles, type ExistingFilesProps } from './ExistingFiles';
import { FileDetail, type FileDetailProps } from './FileDetail';
import { fileManagerMessages as m } from './file-manager-messages';
import { FileUpload, type FileUploadProps } from './FileUpload';

export interface FileManagerProps {
  list: ExistingFilesProps;
  upload: FileUploadProps;
  /** The selected file's panel; absent until a file is selected. */
  detail?: FileDetailProps;
  /** Above the panels, e.g. a read-only notice. */
  notice?: ReactNode;
}

/** The file manager (platform.md §2): Upload File and Existing Files beside the File Detail. */
export function FileManager({ list, upload, detail, notice }: FileManagerProps) {
  return (
    <div className="ed-file-manager">
      {notice}
      <div className="ed-file-manager__main">
        <FileUpload {...upload} />
        <ExistingFiles {...list} />
      </div>
      <aside className="ed-file-manager__side">
        {detail ? (
          <FileDetail key={detail.file.id} {...detail} />
        ) : (
          <p className="ed-muted">{m.noSelection}</p>
        )}
      </aside>
    </div>
  );
}
