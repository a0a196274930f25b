import type { Meta, StoryObj } from '@storybook/react-vite';
import { RestockForm } from './RestockForm';

const texts = {
  CTAText: 'This item is sold out. Get an email when it is back.',
  buttonText: 'Notify Me',
  placeholderText: 'you@example.com',
  mailingListDescription: 'Also sign me up for news and offers',
};

const meta = {
  title: 'Storefront/RestockForm',
  component: RestockForm,
  args: {
    merchandising: { restockNotificationMessages: texts },
    onSubmit: (): Promise<void> => new Promise<void>((r) => setTimeout(r, 600)),
  },
} satisfies Meta<typeof RestockForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Submit empty or with "abc" to see the validation messages; a valid email shows "Signed up!". */
export const Idle: Story = {};
export const WithMailingList: Story = {
  args: {
    merchandising: {
      restockNotificationMessages: texts,
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: true,
    },
  },
};
export const Submitting: Story = { args: { onSubmit: () => new Promise<void>(() => {}) } };
export const ServerError: Story = {
  args: { onSubmit: () => Promise.reject({ serverMessage: 'You are already signed up.' }) },
};
export const GenericError: Story = { args: { onSubmit: () => Promise.reject(new Error('offline')) } };
export const CustomSuccessText: Story = {
  args: {
    merchandising: { restockNotificationMessages: texts, restockSuccessText: "Thanks! We'll be in touch." },
  },
};
export const DefaultTexts: Story = { args: { merchandising: {} } };
/** A signed-in member: the account's email is used, so the form is one button. */
export const SignedInMember: Story = { args: { signedIn: true } };
