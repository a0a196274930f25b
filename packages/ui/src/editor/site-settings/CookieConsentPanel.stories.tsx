import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CookieConsentPanel } from './CookieConsentPanel';

const meta = {
  title: 'Editor/Site settings/CookieConsentPanel',
  component: CookieConsentPanel,
  args: { mode: 'off', onSave: fn(), onRetry: fn() },
} satisfies Meta<typeof CookieConsentPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const OptIn: Story = { args: { mode: 'opt-in' } };
export const OptInByRegion: Story = { args: { mode: 'opt-in', where: 'consent-region' } };
export const Loading: Story = { args: { mode: undefined, isLoading: true } };
export const LoadFailed: Story = {
  args: { mode: undefined, loadError: 'The cookie banner setting could not be loaded.' },
};
export const Saving: Story = { args: { mode: 'notice', isSaving: true } };
export const Saved: Story = {
  args: {
    mode: 'opt-in',
    done: 'Saved. New visitors are asked first, and nothing is tracked until they allow it.',
  },
};
export const Refused: Story = {
  args: { mode: 'notice', error: 'Only the site’s owner or an admin can change the site settings.' },
};
