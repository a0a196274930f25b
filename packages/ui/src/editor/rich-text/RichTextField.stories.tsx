import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RichTextField, type RichTextFieldProps } from './RichTextField';

function Controlled(props: RichTextFieldProps) {
  const [value, setValue] = useState(props.value);
  return <RichTextField {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Editor/RichTextField',
  component: RichTextField,
  render: (args) => <Controlled {...args} />,
  args: {
    label: 'Body',
    value: '<p>Waxed canvas lasts for years if you <strong>re-wax</strong> it each autumn.</p>',
    onChange: () => {},
    pages: [{ id: 'p1', title: 'About', path: '/about' }],
    files: [],
  },
} satisfies Meta<typeof RichTextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Empty: Story = { args: { value: '' } };
export const WithError: Story = {
  args: { error: 'Text contains characters that cannot be stored (a NUL byte or a broken character).' },
};
export const ReadOnly: Story = { args: { isReadOnly: true } };
