export { ProductTable, type ProductTableProps, type ProductFilters } from './ProductTable';
export {
  ProductEditor,
  draftOf,
  type ProductEditorProps,
  type ProductDraft,
  type VariantDraft,
} from './ProductEditor';
export { InventoryTable, type InventoryTableProps } from './InventoryTable';
export { OrdersTable, type OrdersTableProps, type OrderFilters } from './OrdersTable';
export { OrderDetailView, type OrderDetailViewProps } from './OrderDetailView';
export { storeMessages } from './store-messages';
