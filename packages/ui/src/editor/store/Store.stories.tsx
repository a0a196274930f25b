import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '../editor.css';
import { InventoryTable } from './InventoryTable';
import { OrderDetailView } from './OrderDetailView';
import { OrdersExport } from './OrdersExport';
import { OrdersTable, type OrderFilters } from './OrdersTable';
import { ProductEditor } from './ProductEditor';
import { ProductTable, type ProductFilters } from './ProductTable';
import { RefundAmountForm } from './RefundAmountForm';
import { sampleInventory, sampleKnownNames, sampleOrder, sampleProducts } from './sample-store';

const noop = () => {};
const noFilters: ProductFilters = { q: '', type: '', stock: '', category: '' };
const noOrderFilters: OrderFilters = { q: '', status: '', from: '', to: '' };

const meta = {
  title: 'Editor/Store/Products',
  component: ProductTable,
  args: {
    products: sampleProducts,
    filters: noFilters,
    onFiltersChange: noop,
    onEdit: noop,
    onAdd: noop,
    onToggleEnabled: noop,
  },
  render: function Render(args) {
    const [filters, setFilters] = useState(args.filters);
    return <ProductTable {...args} filters={filters} onFiltersChange={setFilters} />;
  },
} satisfies Meta<typeof ProductTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Products: Story = {};
export const Empty: Story = { args: { products: [] } };
export const WithCategories: Story = { args: { categories: ['Posters', 'Prints'] } };
export const NoMatches: Story = {
  args: { products: [], categories: ['Prints'], filters: { ...noFilters, category: 'Prints' } },
};
export const Loading: Story = { args: { products: undefined, isLoading: true } };
export const Failed: Story = { args: { products: undefined, error: 'Unable to load. Try again.' } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
export const NewProduct: Story = {
  render: () => <ProductEditor isOpen currency="USD" onSave={noop} onCancel={noop} />,
};
export const EditProduct: Story = {
  render: () => (
    <ProductEditor
      isOpen
      currency="USD"
      product={sampleProducts[0]}
      knownNames={sampleKnownNames}
      onSave={noop}
      onCancel={noop}
    />
  ),
};
/** Every panel filled: images, form, merchandising, shipping and a French translation. */
export const EditAllPanels: Story = {
  render: () => (
    <ProductEditor
      isOpen
      currency="USD"
      product={{
        ...sampleProducts[0]!,
        imageFileIds: ['img-1'],
        additionalFieldsFormId: 'form-1',
        merchandising: {
          scarcityEnabled: true,
          scarcityText: 'Only {qtyInStock} left',
          customSoldOutText: 'Gone',
        },
        shipping: { weightGrams: 450 },
        translations: { fr: { title: 'Port à l’aube' } },
      }}
      files={{ 'img-1': { id: 'img-1', name: 'harbour.jpg' } }}
      onPickFile={noop}
      forms={[{ id: 'form-1', name: 'Engraving' }]}
      languages={[{ code: 'fr', name: 'Français' }]}
      onSave={noop}
      onCancel={noop}
    />
  ),
};
export const DigitalProduct: Story = {
  render: () => (
    <ProductEditor
      isOpen
      currency="USD"
      product={sampleProducts[1]}
      onPickFile={noop}
      onSave={noop}
      onCancel={noop}
    />
  ),
};
export const EditRefused: Story = {
  render: () => (
    <ProductEditor
      isOpen
      currency="USD"
      product={sampleProducts[0]}
      error="Someone else changed this product since you opened it. Reload to see their changes."
      issues={{ 'variants.1.sku': 'The SKU HAR-A4-G is already used by another product variant.' }}
      onSave={noop}
      onCancel={noop}
    />
  ),
};
export const Saving: Story = {
  render: () => (
    <ProductEditor isOpen isSaving currency="USD" product={sampleProducts[0]} onSave={noop} onCancel={noop} />
  ),
};
export const Inventory: Story = {
  render: () => (
    <InventoryTable items={sampleInventory} onSetStock={noop} errors={{ v2: 'Stock cannot be negative.' }} />
  ),
};
export const InventoryEmpty: Story = { render: () => <InventoryTable items={[]} onSetStock={noop} /> };
export const InventoryLoading: Story = {
  render: () => <InventoryTable items={undefined} isLoading onSetStock={noop} />,
};
export const InventoryFailed: Story = {
  render: () => <InventoryTable items={undefined} error="Unable to load. Try again." onSetStock={noop} />,
};
export const InventoryReadOnly: Story = {
  render: () => <InventoryTable items={sampleInventory} isReadOnly onSetStock={noop} />,
};
export const Orders: Story = {
  render: () => (
    <OrdersTable
      orders={[sampleOrder]}
      filters={noOrderFilters}
      onFiltersChange={noop}
      onOpen={noop}
      exportControl={<OrdersExport latest={null} onStart={noop} />}
    />
  ),
};
/** The subscriptions list as the owner sees it: a paused row to resume, the last decline beside it. */
export const Subscriptions: Story = {
  render: () => (
    <OrdersTable
      orders={[
        { ...sampleOrder, subscriptionState: 'paused' },
        {
          ...sampleOrder,
          id: 'o2',
          orderNumber: 1043,
          email: 'grace@example.com',
          subscriptionState: 'active',
        },
        {
          ...sampleOrder,
          id: 'o3',
          orderNumber: 1044,
          email: 'alan@example.com',
          subscriptionState: 'cancelled',
        },
      ]}
      filters={noOrderFilters}
      onFiltersChange={noop}
      onOpen={noop}
      exportControl={<OrdersExport latest={null} onStart={noop} />}
      subscriptions={{
        onResume: noop,
        onCancel: noop,
        answers: {
          o1: {
            tone: 'error',
            text: 'The card was declined, so the subscription stays paused: Your card was declined.',
          },
        },
      }}
    />
  ),
};
export const OrdersEmpty: Story = {
  render: () => (
    <OrdersTable
      orders={[]}
      filters={noOrderFilters}
      onFiltersChange={noop}
      onOpen={noop}
      exportControl={<OrdersExport latest={null} onStart={noop} />}
    />
  ),
};
export const OrdersLoading: Story = {
  render: () => (
    <OrdersTable
      orders={undefined}
      isLoading
      filters={noOrderFilters}
      onFiltersChange={noop}
      onOpen={noop}
      exportControl={<OrdersExport latest={null} onStart={noop} />}
    />
  ),
};
export const OrdersFailed: Story = {
  render: () => (
    <OrdersTable
      orders={undefined}
      error="Unable to load. Try again."
      filters={noOrderFilters}
      onFiltersChange={noop}
      onOpen={noop}
      exportControl={<OrdersExport latest={null} onStart={noop} />}
    />
  ),
};
export const OrderDetail: Story = {
  render: () => (
    <OrderDetailView
      order={sampleOrder}
      onFulfil={noop}
      onRefund={noop}
      onCancel={noop}
      onBack={noop}
      emailPreviewHref={(email) => `/commerce/email-preview?order=${sampleOrder.id}&email=${email}`}
    />
  ),
};
export const OrderDetailBusy: Story = {
  render: () => (
    <OrderDetailView
      order={sampleOrder}
      isBusy
      onFulfil={noop}
      onRefund={noop}
      onCancel={noop}
      onBack={noop}
    />
  ),
};
export const OrderDetailReadOnly: Story = {
  render: () => (
    <OrderDetailView
      order={{ ...sampleOrder, status: 'fulfilled', trackingNumber: '1Z999', carrier: 'UPS' }}
      isReadOnly
      onFulfil={noop}
      onRefund={noop}
      onCancel={noop}
      onBack={noop}
    />
  ),
};
/** An editor or store manager without the move-money right: fulfils, but no Refund or Cancel. */
export const OrderDetailNoMoney: Story = {
  render: () => (
    <OrderDetailView
      order={sampleOrder}
      canMoveMoney={false}
      onFulfil={noop}
      onRefund={noop}
      onCancel={noop}
      onBack={noop}
    />
  ),
};
export const OrderDetailFulfilled: Story = {
  render: () => (
    <OrderDetailView
      order={{ ...sampleOrder, status: 'fulfilled', trackingNumber: '1Z999AA10123456784', carrier: 'UPS' }}
      notice={{
        message: 'Order #1042 is marked fulfilled. ada@example.com is being emailed the tracking details.',
        next: (
          <>
            <a href="https://www.ups.com/track?tracknum=1Z999AA10123456784">Open the tracking page</a>
            <button type="button" className="ed-link-button">
              All orders
            </button>
          </>
        ),
      }}
      onDismissNotice={noop}
      onFulfil={noop}
      onRefund={noop}
      onCancel={noop}
      onBack={noop}
    />
  ),
};
export const OrderDetailFailed: Story = {
  render: () => (
    <OrderDetailView
      order={sampleOrder}
      error="The payment processor refused the refund: the charge is disputed."
      onFulfil={noop}
      onRefund={noop}
      onCancel={noop}
      onBack={noop}
    />
  ),
};
export const RefundAnAmount: Story = {
  render: () => <RefundAmountForm order={sampleOrder} onRefund={noop} />,
};
export const RefundAnAmountBusy: Story = {
  render: () => <RefundAmountForm order={sampleOrder} isBusy onRefund={noop} />,
};
export const RefundAnAmountRefused: Story = {
  render: () => (
    <RefundAmountForm
      order={sampleOrder}
      error="Stripe could not refund this payment: the charge is disputed."
      onRefund={noop}
    />
  ),
};
export const RefundAnAmountDone: Story = {
  render: () => (
    <RefundAmountForm
      order={{
        ...sampleOrder,
        refunded: { value: '425', currency: 'USD' },
        refundable: { value: '6870', currency: 'USD' },
      }}
      notice={{ message: 'Refunded $4.25. The customer sees it on their statement in 5 to 10 days.' }}
      onDismissNotice={noop}
      onRefund={noop}
    />
  ),
};
/** Nothing left to refund and nothing to say: no form at all. */
export const RefundAnAmountNothingLeft: Story = {
  render: () => (
    <RefundAmountForm
      order={{ ...sampleOrder, refundable: { value: '0', currency: 'USD' } }}
      onRefund={noop}
    />
  ),
};
