import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RedirectsPanel } from './RedirectsPanel';

const redirects = [
  { from: '/old-blog/*', to: '/blog/*', status: 301 as const, createdAt: '2026-11-28T10:00:00Z' },
  { from: '/spring-sale', to: '/shop', status: 302 as const, createdAt: '2026-11-27T10:00:00Z' },
  {
    from: '/about-us',
    to: '/team',
    status: 301 as const,
    servedTo: '/about',
    createdAt: '2026-11-26T10:00:00Z',
  },
  {
    from: '/stockists',
    to: 'https://wholesale.example/stockists',
    status: 301 as const,
    createdAt: '2026-11-25T10:00:00Z',
  },
];

const meta = {
  title: 'Editor/Redirects/RedirectsPanel',
  component: RedirectsPanel,
  args: { redirects, onAdd: fn(), onUpdate: fn(), onRemove: fn() },
} satisfies Meta<typeof RedirectsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithRules: Story = {};
export const Empty: Story = { args: { redirects: [] } };
export const Loading: Story = { args: { redirects: [], isLoading: true } };
export const RefusedCircle: Story = {
  args: {
    error:
      'This redirect would send visitors round in a circle: /team → /about-us → /team. Change one of these redirects first.',
  },
};
export const Saving: Story = { args: { isPending: true } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
