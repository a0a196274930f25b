import { FileManager } from '@site/ui';
import { useFileManager } from './useFileManager';

/** /config/files: the site's uploaded images and documents. */
export function FilesScreen() {
  const manager = useFileManager();
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Files</h1>
      </header>
      <FileManager {...manager} />
    </div>
  );
}
