import type { SiteProfileView } from '@site/page-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SiteProfileForm } from './SiteProfileForm';

const profile: SiteProfileView = {
  title: 'Harbour Supply',
  timeZone: 'America/New_York',
  locale: 'en-US',
  contactEmail: 'hello@harbour.example',
  businessAddress: {
    street: '12 Quay Street',
    city: 'Portland',
    region: 'ME',
    postalCode: '04101',
    country: 'USA',
  },
  socialProfiles: ['https://instagram.com/harboursupply'],
  iconUrl: null,
  logoUrl: null,
};

const meta = {
  title: 'Editor/Site settings/SiteProfileForm',
  component: SiteProfileForm,
  args: { profile, onSave: fn(), onUploadIcon: fn(), onRemoveIcon: fn(), onRetry: fn() },
} satisfies Meta<typeof SiteProfileForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DefaultIcon: Story = {};
export const WithIcon: Story = {
  args: {
    profile: {
      ...profile,
      iconUrl:
        'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"%3E%3Crect width="64" height="64" rx="14" fill="%231d4ed8"/%3E%3C/svg%3E',
    },
  },
};
export const NewSite: Story = {
  args: {
    profile: {
      ...profile,
      contactEmail: '',
      businessAddress: { street: '', city: '', region: '', postalCode: '', country: '' },
      socialProfiles: [],
    },
  },
};
export const Saving: Story = { args: { isSaving: true } };
export const RefusedByServer: Story = {
  args: {
    fieldErrors: { contactEmail: 'Enter an email address such as hello@example.com, or leave it empty.' },
  },
};
export const IconRefused: Story = {
  args: { iconError: 'Use a square image at least 180 × 180 pixels, so it stays sharp on phones.' },
};
export const UploadingIcon: Story = { args: { isIconBusy: true } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
export const Loading: Story = { args: { profile: undefined, isLoading: true } };
export const LoadFailed: Story = { args: { profile: undefined, loadError: 'Unable to load. Try again.' } };
