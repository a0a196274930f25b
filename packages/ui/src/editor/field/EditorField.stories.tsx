import type { Meta, StoryObj } from '@storybook/react-vite';
import { EditorField } from './EditorField';

const meta = {
  title: 'Editor/EditorField',
  component: EditorField,
  args: {
    label: 'Page title',
    children: (control) => <input {...control} className="ed-input" defaultValue="Our workshop" />,
  },
} satisfies Meta<typeof EditorField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {};
export const WithHint: Story = {
  args: { label: 'URL slug', hint: 'Changing it keeps the old address working: visitors are redirected.' },
};
export const WithError: Story = { args: { error: 'Give the page a title.' } };
export const Disabled: Story = {
  args: { label: 'URL slug', hint: 'The address of this page is fixed.', disabled: true },
};
export const Required: Story = { args: { label: 'Your email', required: true } };
export const Select: Story = {
  args: {
    label: 'Status',
    hint: 'Only people who edit the site can see it.',
    children: (control) => (
      <select {...control} className="ed-input" defaultValue="draft">
        <option value="published">Published</option>
        <option value="draft">Draft</option>
      </select>
    ),
  },
};
