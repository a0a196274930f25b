import type { Meta, StoryObj } from '@storybook/react-vite';
import { formSchema } from '@site/forms';
import { AdditionalFieldsForm, type AdditionalFieldsFormProps } from './AdditionalFieldsForm';

const form = formSchema.parse({
  id: 'engraving',
  fields: [
    { id: 'name', type: 'text', title: 'Name to engrave', required: true, description: 'Up to two words.' },
    { id: 'note', type: 'textarea', title: 'Gift note', maxLength: 140 },
    { id: 'email', type: 'email', title: 'Email for the proof' },
    { id: 'count', type: 'number', title: 'How many tags' },
    { id: 'font', type: 'select', title: 'Font', options: ['Serif', 'Script'], required: true },
    { id: 'wrap', type: 'radio', title: 'Wrapping', options: ['Paper', 'Box'] },
    { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Card', 'Ribbon'] },
    { id: 'when', type: 'date', title: 'Deliver on' },
  ],
});

const slowSave: AdditionalFieldsFormProps['onSubmit'] = () => new Promise<void>((r) => setTimeout(r, 800));

const meta = {
  title: 'Storefront/AdditionalFieldsForm',
  component: AdditionalFieldsForm,
  args: { form, onSubmit: slowSave },
} satisfies Meta<typeof AdditionalFieldsForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Submit empty to see "Required" above the titles and the summary line. */
export const Editing: Story = {};
export const Saving: Story = { args: { onSubmit: () => new Promise<void>(() => {}) } };
export const ServerFieldErrors: Story = {
  args: { onSubmit: async () => ({ fieldErrors: { name: 'Please use letters only.' } }) },
};
export const SubmitFails: Story = {
  args: { failureMessage: 'Unable to update form', onSubmit: () => Promise.reject(new Error('offline')) },
};
export const EditingSavedEntry: Story = {
  args: {
    initialValues: { name: 'Ada', note: 'Happy birthday!', font: 'Script', extras: ['Ribbon'] },
    submitLabel: 'Save',
  },
};
export const Empty: Story = { args: { form: formSchema.parse({ id: 'none', fields: [] }) } };
