import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../editor.css';
import { FocalPointPicker } from './FocalPointPicker';
import { sampleFile } from './sample-files';

const meta = {
  title: 'Editor/FocalPointPicker',
  component: FocalPointPicker,
  args: { src: sampleFile().assetUrl, value: { x: 0.7, y: 0.4 }, onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof FocalPointPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Disabled: Story = { args: { isDisabled: true } };
