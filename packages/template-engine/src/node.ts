/** Node-only helpers of @site/template-engine: reading a template folder from disk. */
export {
  readFolderChainFiles,
  readFolderFiles,
  readTemplateFolder,
  themeFolderChain,
} from './folder/read-folder';
export type { FolderFiles } from './folder/read-folder';
