export { noProductFilters, ProductTable, type ProductTableProps, type ProductFilters } from './ProductTable';
export { ProductEditor, type ProductEditorProps } from './ProductEditor';
export { ProductPreview, type ProductPreviewProps } from './ProductPreview';
export { ProductTagsPanel, type ProductTagsPanelProps } from './ProductTagsPanel';
export {
  draftOf,
  withProductType,
  renameOption,
  moveItem,
  GIFT_CARD_OPTION,
  type ProductDraft,
  type VariantDraft,
  type MerchandisingDraft,
  type ShippingDraft,
  type Switch,
} from './product-draft';
export { type PickedFile } from './ProductPanels';
export { InventoryTable, type InventoryTableProps } from './InventoryTable';
export { OrdersTable, type OrdersTableProps, type OrderFilters, type SubscriptionActions, type SubscriptionAnswer } from './OrdersTable';
export { OrderDetailView, type OrderDetailViewProps } from './OrderDetailView';
export { storeMessages } from './store-messages';
