import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AddToCartButton, type AddResult } from './AddToCartButton';

const after = (ms: number, result: AddResult) => () =>
  new Promise<AddResult>((r) => setTimeout(() => r(result), ms));

const meta = {
  title: 'Storefront/AddToCartButton',
  component: AddToCartButton,
  args: { onAdd: after(600, { ok: true }), onNavigate: fn() },
} satisfies Meta<typeof AddToCartButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Press it: "Adding…", then "Added!" one second after the add resolves, then idle after 2 s. */
export const Idle: Story = {};
/** The add never resolves, so the button stays in its pending "Adding…" state. */
export const Loading: Story = { args: { onAdd: () => new Promise<AddResult>(() => {}) } };
export const FailureWithAlert: Story = {
  args: { onAdd: after(400, { ok: false, error: 'Sorry, we do not have enough of that item available.' }) },
};
export const ExpressFailure: Story = {
  args: {
    kind: 'express',
    label: 'Buy Now',
    onAdd: after(400, { ok: false, error: 'Please try again in a few seconds.' }),
  },
};
export const SelectOption: Story = { args: { onAdd: after(100, { ok: false, needsOption: true }) } };
export const SoldOut: Story = { args: { soldOut: true } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Subscribe: Story = {
  args: { kind: 'subscription', onAdd: after(400, { ok: true, navigateTo: '/subscribe?cartToken=t' }) },
};
export const CustomLabel: Story = { args: { label: 'Pre-order now' } };
