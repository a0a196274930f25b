import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../editor.css';
import { filledSettings, redirectUrl } from './fixtures';
import { SignInProvidersPanel } from './SignInProvidersPanel';

const meta = {
  title: 'Editor/Settings/SignInProvidersPanel',
  component: SignInProvidersPanel,
  args: {
    settings: filledSettings,
    onSave: fn(async () => undefined),
    onRemove: fn(),
    onSetEnabled: fn(),
    onTest: fn(async () => ({
      ok: true,
      message:
        'Connected: https://accounts.google.com is ready. Register the redirect URL with your provider if you have not yet.',
    })),
  },
} satisfies Meta<typeof SignInProvidersPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Empty: Story = { args: { settings: { redirectUrl, providers: [] } } };
export const Loading: Story = { args: { settings: undefined, isLoading: true } };
export const LoadFailed: Story = {
  args: { settings: undefined, loadError: 'We could not load this. Check your connection and try again.' },
};
export const Disabled: Story = { args: { isReadOnly: true } };
export const Saving: Story = { args: { isPending: true } };
