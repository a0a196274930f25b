// Every top-level schema is built inside an IIFE annotated `@__PURE__`
// (`export const XSchema = <pure annotation> (() => z.object({ ... }))();`), so a bundler drops the
// schemas nobody uses, and zod with them: the browser imports the rules from this package root
// without paying for the schemas. Write new top-level schemas the same way.
export * from './messages';
export * from './loose/index';
export * from './money/index';
export * from './product/index';
export * from './subscriptions/index';
export * from './add-to-cart/index';
export * from './cart/index';
export * from './discount/index';
export * from './instalments/index';
export * from './store/index';
export * from './merchandising/index';
export * from './gift-card/index';
export * from './order/index';
export * from './checkout/schema';
export * from './checkout/address-suggestions';
export * from './text/index';
export * from './tax/index';
export * from './shipping/index';
export * from './reviews/index';
export * from './donation/index';
