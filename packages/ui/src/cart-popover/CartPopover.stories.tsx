import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { CartIndicator } from '../cart-indicator/CartIndicator';
import { CartPopover, type CartPopoverNotice } from './CartPopover';

function Demo({ withIndicator, durationMs }: { withIndicator: boolean; durationMs?: number }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<CartPopoverNotice | null>({ productName: 'Linen Shirt', id: 0 });
  return (
    <div style={{ minHeight: 300 }}>
      {withIndicator ? (
        <div ref={anchor} style={{ position: 'absolute', top: 16, right: 120 }}>
          <CartIndicator itemCount={2} subtotalText="$80.00" />
        </div>
      ) : null}
      <button type="button" onClick={() => setNotice({ productName: 'Linen Shirt', id: Date.now() })}>
        Add Linen Shirt again
      </button>
      <CartPopover
        notice={notice}
        onClose={() => setNotice(null)}
        anchor={withIndicator ? anchor : null}
        durationMs={durationMs}
      />
    </div>
  );
}

const meta = {
  title: 'Storefront/CartPopover',
  component: Demo,
  args: { withIndicator: true },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Snaps under the cart indicator and disappears after 3 s (hover or focus pauses it). */
export const NearIndicator: Story = {};
/** No visible indicator: top right of the window. */
export const TopRight: Story = { args: { withIndicator: false } };
/** Stays open for inspection. */
export const Persistent: Story = { args: { durationMs: 1e9 } };
export const Closed: StoryObj<typeof CartPopover> = {
  render: () => <CartPopover notice={null} onClose={() => {}} />,
};
