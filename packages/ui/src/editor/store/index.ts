export { noProductFilters, ProductTable, type ProductTableProps, type ProductFilters } from './ProductTable';
export { ProductEditor, type ProductEditorProps } from './ProductEditor';
export { ProductPreview, type ProductPreviewProps } from './ProductPreview';
export { ProductTagsPanel, type ProductTagsPanelProps } from './ProductTagsPanel';
export {
  draftOf,
  draftIssues,
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
export {
  OrdersTable,
  type OrdersTableProps,
  type OrderFilters,
  type SubscriptionActions,
  type SubscriptionAnswer,
} from './OrdersTable';
export { OrderDetailView, type OrderDetailViewProps } from './OrderDetailView';
export { OrdersExport, type OrdersExportProps } from './OrdersExport';
export { RefundAmountForm, type RefundAmountFormProps } from './RefundAmountForm';
export { storeMessages } from './store-messages';
export { taxShippingMessages } from './tax-shipping-messages';
export { countryCodes, countryName, countriesByName } from './places';
export {
  taxFormOf,
  checkTaxForm,
  addStandardRates,
  emptyRateRow,
  EU_VAT_RATES,
  type TaxForm,
  type TaxRateRow,
  type TaxFormCheck,
} from './tax-form';
export { TaxRatesPanel, taxPlaceName, type TaxRatesPanelProps } from './TaxRatesPanel';
export {
  shippingFormOf,
  checkShippingForm,
  emptyZone,
  emptyRate,
  type ShippingForm,
  type ShippingZoneRow,
  type ShippingRateRow,
  type ShippingRateKind,
  type ShippingFormCheck,
} from './shipping-form';
export { ShippingZonesPanel, type ShippingZonesPanelProps } from './ShippingZonesPanel';
export { StoreCurrencyPanel, type StoreCurrencyPanelProps } from './StoreCurrencyPanel';
export { storeCurrencyMessages } from './store-currency-messages';
export {
  ProductImportPanel,
  productImportPanelMessages,
  type ProductImportPanelProps,
} from './ProductImportPanel';
export { DonationsTable, type DonationsTableProps } from './DonationsTable';
export { DonationRefundDialog, type DonationRefundDialogProps } from './DonationRefundDialog';
