import { FILE_LIMITS, fileMessages } from '@site/page-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../editor.css';
import { FileUpload } from './FileUpload';

/** Upload File alone: nothing sent yet, several on their way, refusals and a broken connection. */
const meta = {
  title: 'Editor/FileUpload',
  component: FileUpload,
  args: { uploads: [], onUpload: fn(), onDismiss: fn(), maxUploadBytes: FILE_LIMITS.defaultMaxUploadBytes },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof FileUpload>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Uploading: Story = {
  args: {
    uploads: [
      { id: 'u1', name: 'Summer banner.jpg', progress: 0.05, state: 'uploading' },
      { id: 'u2', name: 'Workbench at dawn.jpg', progress: 0.62, state: 'uploading' },
      { id: 'u3', name: 'Tote.png', progress: 1, state: 'done' },
    ],
  },
};
export const Refused: Story = {
  args: {
    uploads: [
      {
        id: 'u1',
        name: 'notes.txt',
        progress: 0,
        state: 'error',
        error: { title: fileMessages.unableToUpload, message: fileMessages.unsupportedType },
      },
      {
        id: 'u2',
        name: 'Huge photo.jpg',
        progress: 0,
        state: 'error',
        error: {
          title: fileMessages.unableToUpload,
          message: fileMessages.tooLarge(FILE_LIMITS.defaultMaxUploadBytes),
        },
      },
      {
        id: 'u3',
        name: 'fake.png',
        progress: 1,
        state: 'error',
        error: { title: fileMessages.unableToUpload, message: fileMessages.notWhatItSays('png') },
      },
      {
        id: 'u4',
        name: 'empty.gif',
        progress: 0,
        state: 'error',
        error: { title: fileMessages.unableToUpload, message: fileMessages.emptyFile },
      },
    ],
  },
};
export const ConnectionLost: Story = {
  args: {
    uploads: [
      {
        id: 'u1',
        name: 'Poster.png',
        progress: 0.8,
        state: 'error',
        error: { title: fileMessages.errorUploading, message: fileMessages.uploadIncomplete },
      },
    ],
  },
};
/** One megabyte is 1,000,000 bytes: the hint says the limit the server enforces. */
export const OneMegabyteLimit: Story = { args: { maxUploadBytes: 1_000_000 } };
export const ImagesOnly: Story = {
  args: { acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] },
};
export const Disabled: Story = { args: { isDisabled: true } };
