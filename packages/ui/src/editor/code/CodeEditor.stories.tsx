import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CodeEditor } from './CodeEditor';

const meta = {
  title: 'Editor/CodeEditor',
  component: CodeEditor,
  args: {
    value: 'function greet(name) {\n  return `Hello, ${name}!`;\n}\n',
    language: 'javascript',
    onChange: fn(),
  },
} satisfies Meta<typeof CodeEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const JavaScript: Story = {};
export const Html: Story = { args: { value: '<p class="note">Hello</p>\n', language: 'html' } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
export const Android: Story = {
  args: { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile' },
};
export const Empty: Story = { args: { value: '' } };
