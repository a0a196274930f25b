import type { Meta, StoryObj } from '@storybook/react-vite';
import { DEFAULT_WEEK, type DayHours } from '@site/page-content';
import { fn } from 'storybook/test';
import { BusinessHoursPanel } from './BusinessHoursPanel';

const open = (opens: string, closes: string): DayHours => ({ closed: false, opens, closes });
const bistro: DayHours[] = [
  { closed: true, opens: '17:30', closes: '22:00' },
  open('17:30', '22:00'),
  open('17:30', '22:00'),
  open('17:30', '22:00'),
  open('12:00', '23:00'),
  open('12:00', '01:00'),
  open('12:00', '16:00'),
];

const meta = {
  title: 'Editor/Site settings/BusinessHoursPanel',
  component: BusinessHoursPanel,
  args: { hours: bistro, onSave: fn(), onRetry: fn() },
} satisfies Meta<typeof BusinessHoursPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {};
export const NotShown: Story = { args: { hours: null } };
export const UsualWeek: Story = { args: { hours: DEFAULT_WEEK } };
export const Loading: Story = { args: { hours: undefined, isLoading: true } };
export const LoadFailed: Story = {
  args: { hours: undefined, loadError: 'The opening hours could not be loaded.' },
};
export const Saving: Story = { args: { isSaving: true } };
export const Saved: Story = { args: { done: 'Saved. Your site shows these hours.' } };
export const FieldRefused: Story = {
  args: { fieldErrors: { 'hours.1.closes': 'The opening and closing times must differ.' } },
};
export const Refused: Story = {
  args: { error: 'Only the site’s owner or an admin can change the site settings.' },
};
