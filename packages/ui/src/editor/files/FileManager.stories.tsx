import { FILE_LIMITS, fileMessages, messages } from '@site/page-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../editor.css';
import { FileManager } from './FileManager';
import { sampleFiles } from './sample-files';

const list = {
  files: sampleFiles,
  total: 42,
  state: 'ready' as const,
  onSelect: fn(),
  pageSize: 25,
  onPageSizeChange: fn(),
  hasMore: true,
  onLoadMore: fn(),
};
const upload = {
  uploads: [],
  onUpload: fn(),
  onDismiss: fn(),
  maxUploadBytes: FILE_LIMITS.defaultMaxUploadBytes,
};
const detail = { file: sampleFiles[0]!, onRename: fn(), onSaveDetails: fn(), onDelete: fn() };

const meta = {
  title: 'Editor/FileManager',
  component: FileManager,
  args: { list, upload, detail },
} satisfies Meta<typeof FileManager>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithFiles: Story = {};
export const Empty: Story = {
  args: { list: { ...list, files: [], total: 0, hasMore: false }, detail: undefined },
};
export const Loading: Story = {
  args: { list: { ...list, files: [], total: 0, state: 'loading', hasMore: false }, detail: undefined },
};
export const LoadError: Story = {
  args: {
    list: {
      ...list,
      files: [],
      state: 'error',
      errorMessage: messages.unableToLoadTryAgain,
      onRetry: fn(),
      hasMore: false,
    },
    detail: undefined,
  },
};
export const Uploading: Story = {
  args: {
    upload: {
      ...upload,
      uploads: [
        { id: 'u1', name: 'Summer banner.jpg', progress: 0.42, state: 'uploading' },
        { id: 'u2', name: 'Tote.png', progress: 1, state: 'done' },
        {
          id: 'u3',
          name: 'Huge photo.tiff',
          progress: 0,
          state: 'error',
          error: { title: fileMessages.unableToUpload, message: fileMessages.unsupportedType },
        },
        {
          id: 'u4',
          name: 'Poster.png',
          progress: 0.8,
          state: 'error',
          error: { title: fileMessages.errorUploading, message: fileMessages.uploadIncomplete },
        },
      ],
    },
  },
};
export const Disabled: Story = {
  args: { upload: { ...upload, isDisabled: true }, detail: { ...detail, isReadOnly: true } },
};
export const RenameFailed: Story = {
  args: {
    detail: {
      ...detail,
      problem: { title: fileMessages.unableToRename, message: fileMessages.renameProblem },
    },
  },
};
export const ProcessingFile: Story = { args: { detail: { ...detail, file: sampleFiles[1]! } } };
export const Picker: Story = { args: { detail: { ...detail, onChoose: fn() } } };
