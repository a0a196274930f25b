import { fileMessages } from '@site/page-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';
import '../editor.css';
import { FileDetail } from './FileDetail';
import { sampleFile, sampleFiles } from './sample-files';

/** File Detail alone: rename, alt text, focal point and delete, in each of their states. */
const meta = {
  title: 'Editor/FileDetail',
  component: FileDetail,
  args: { file: sampleFile(), onRename: fn(), onSaveDetails: fn(), onDelete: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof FileDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Image: Story = {};
/** A document has no focal point or alt text: only its name and Delete. */
export const Document: Story = { args: { file: sampleFiles[3]! } };
/** No alt text yet: the empty field invites one. */
/** A digital product's file: the products that deliver it, and the editor's private download. */
export const DigitalProductFile: Story = {
  args: {
    file: sampleFiles[3]!,
    deliveredBy: [
      { id: 'prod-1', title: 'Price list (PDF)', enabled: true },
      { id: 'prod-2', title: 'Old price list', enabled: false },
    ],
    originalUrl: '#',
  },
};
export const NoAltText: Story = { args: { file: sampleFile({ altText: '' }) } };
export const Processing: Story = { args: { file: sampleFiles[1]! } };
export const ProcessingFailed: Story = { args: { file: sampleFiles[2]! } };
export const ProcessingCancelled: Story = { args: { file: sampleFile({ status: 'cancelled' }) } };
/** Each call in flight: the buttons say so and cannot be pressed twice. */
export const Saving: Story = { args: { isRenaming: true, isSaving: true, isDeleting: true } };
export const RenameNameMissing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByLabelText('File name'));
    await userEvent.type(canvas.getByLabelText('File name'), ' ');
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }));
  },
};
export const RenameFailed: Story = {
  args: { problem: { title: fileMessages.unableToRename, message: fileMessages.renameProblem } },
};
export const ChangedElsewhere: Story = {
  args: { problem: { title: fileMessages.unableToUpdate, message: fileMessages.staleFile } },
};
/** Delete asks first, saying it cannot be undone. */
export const DeleteConfirmation: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete' }));
  },
};
export const ReadOnly: Story = { args: { isReadOnly: true } };
export const Picking: Story = { args: { onChoose: fn() } };
