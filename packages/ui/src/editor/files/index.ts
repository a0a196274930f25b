export { FileManager, type FileManagerProps } from './FileManager';
export { ExistingFiles, type ExistingFilesProps } from './ExistingFiles';
export { FileDetail, type FileDetailProps, type FileProblem } from './FileDetail';
export { FileUpload, type FileUploadProps, type UploadItem } from './FileUpload';
export { FocalPointPicker, type FocalPointPickerProps } from './FocalPointPicker';
export { fileManagerMessages } from './file-manager-messages';
