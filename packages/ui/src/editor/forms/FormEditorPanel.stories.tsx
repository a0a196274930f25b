import { editorFormInputSchema } from '@site/forms';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { FormEditorPanel, type FormEditorPanelProps } from './FormEditorPanel';

const survey = editorFormInputSchema.parse({
  name: 'Visitor survey',
  fields: [
    { id: 'intro', type: 'section', title: 'About your visit', underline: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'addr', type: 'address', title: 'Address' },
    { id: 'mood', type: 'likert', title: 'How was it?', options: ['Service was quick', 'Staff were kind'] },
    { id: 'src', type: 'hidden', title: '', key: 'utm_source', value: 'direct' },
  ],
});
const lists = [{ id: 'l1', name: 'Workshop news' }];

/** Keeps the edits, as the screen does. */
function Stateful(props: FormEditorPanelProps) {
  const [form, setForm] = useState(props.form);
  return (
    <FormEditorPanel
      {...props}
      form={form}
      onChange={(f) => {
        setForm(f);
        props.onChange(f);
      }}
    />
  );
}

const meta = {
  title: 'Editor/Forms/FormEditorPanel',
  component: FormEditorPanel,
  render: (args) => <Stateful {...args} />,
  args: { form: survey, features: { formHandler: true }, lists, onChange: fn() },
} satisfies Meta<typeof FormEditorPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Survey: Story = {};
export const Empty: Story = { args: { form: editorFormInputSchema.parse({ name: 'New form', fields: [] }) } };
export const WithProblems: Story = {
  args: {
    problems: [
      { path: 'fields.1.title', message: 'Every field needs a title' },
      { path: 'storage.mailingList', message: 'A List must be selected' },
    ],
  },
};
export const NoFormHandler: Story = { args: { features: { formHandler: false } } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
