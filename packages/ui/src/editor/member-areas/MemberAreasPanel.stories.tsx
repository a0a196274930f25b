import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MemberAreasPanel } from './MemberAreasPanel';

const pages = [
  { id: 'recipes', title: 'Recipes', path: '/recipes' },
  { id: 'workshops', title: 'Workshop videos', path: '/workshops' },
  { id: 'journal', title: 'Journal', path: '/journal' },
];
const areas = [
  {
    id: 'club',
    name: 'Makers club',
    description: 'Patterns, recipes and workshop recordings for members.',
    pageIds: ['recipes', 'workshops'],
    memberCount: 12,
    price: { billing: 'month' as const, amountMinor: 900 },
    currency: 'USD',
    payingCount: 9,
  },
  {
    id: 'trade',
    name: 'Trade customers',
    description: '',
    pageIds: [],
    memberCount: 1,
    price: { billing: 'free' as const },
    currency: 'USD',
    payingCount: 0,
  },
];
const saved = () => Promise.resolve();

const meta = {
  title: 'Editor/Member areas/MemberAreasPanel',
  component: MemberAreasPanel,
  args: { areas, pages, currency: 'USD', onCreate: fn(saved), onSave: fn(saved), onRemove: fn() },
} satisfies Meta<typeof MemberAreasPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Areas: Story = {};
export const Empty: Story = { args: { areas: [] } };
export const Loading: Story = { args: { areas: [], isLoading: true } };
export const LoadError: Story = {
  args: { areas: [], loadError: 'Unable to load member areas.', onRetry: fn() },
};
export const Saving: Story = { args: { isPending: true } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
