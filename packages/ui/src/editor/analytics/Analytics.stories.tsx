import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '../editor.css';
import { AnalyticsDashboard } from './AnalyticsDashboard';
import { presetRange } from './DateRangePicker';
import { emptyReport, sampleReport } from './sample-analytics';

const today = '2026-01-30';

const meta = {
  title: 'Editor/Analytics',
  component: AnalyticsDashboard,
  args: { range: presetRange('30', today), today, onRangeChange: () => {}, report: sampleReport },
  render: function Render(args) {
    const [range, setRange] = useState(args.range);
    return <AnalyticsDashboard {...args} range={range} onRangeChange={setRange} />;
  },
} satisfies Meta<typeof AnalyticsDashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {};
export const Empty: Story = { args: { report: emptyReport } };
export const Loading: Story = { args: { report: undefined, isLoading: true } };
export const Failed: Story = { args: { report: undefined, error: 'Unable to load. Try again.' } };
export const CustomRange: Story = {
  args: { range: { preset: 'custom', from: '2026-01-05', to: '2026-01-20' } },
};
