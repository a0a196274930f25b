import type { Dataset } from '@site/page-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { DatasetEditor, type DatasetEditorProps } from './DatasetEditor';

const sales: Dataset = {
  seriesLabel: 'Month',
  columns: ['Online', 'Shop'],
  rows: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map(
    (label, i) => ({
      label,
      values: [String(100 + i * 12), String(80 - i * 3)],
    }),
  ),
};

function Stateful(props: DatasetEditorProps) {
  const [value, setValue] = useState(props.value);
  return (
    <DatasetEditor
      {...props}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange(v);
      }}
    />
  );
}

const meta = {
  title: 'Editor/Charts/DatasetEditor',
  component: DatasetEditor,
  render: (args) => <Stateful {...args} />,
  args: { value: sales, onChange: fn() },
} satisfies Meta<typeof DatasetEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Empty: Story = { args: { value: { seriesLabel: '', columns: [], rows: [] } } };
export const MissingData: Story = {
  args: { value: { seriesLabel: 'Month', columns: ['Online'], rows: [{ label: 'Jan', values: [''] }] } },
};
export const ReadOnly: Story = { args: { isReadOnly: true } };
