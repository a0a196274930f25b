import { defineConfig } from 'tsup';

// One entry per component (plus the index) with code splitting, so dist/index.js only re-exports
// and every component is a module of its own: an app's bundler keeps the ones it uses and can put
// each in the chunk that needs it (the storefront loads the alert dialog, the instalment modal and
// the cart and checkout pages lazily). The package root stays the public API.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    messages: 'src/messages.ts',
    'cart-indicator': 'src/cart-indicator/CartIndicator.tsx',
    'add-to-cart': 'src/add-to-cart/AddToCartButton.tsx',
    'alert-dialog': 'src/alert/AlertDialog.tsx',
    'cart-popover': 'src/cart-popover/CartPopover.tsx',
    'pill-cart': 'src/pill-cart/PillCart.tsx',
    'restock-form': 'src/restock/RestockForm.tsx',
    'instalment-pill': 'src/instalments/InstalmentPill.tsx',
    'instalment-modal': 'src/instalments/InstalmentModal.tsx',
    lightbox: 'src/lightbox/Lightbox.tsx',
    'additional-fields': 'src/additional-fields/AdditionalFieldsForm.tsx',
    'form-controls': 'src/form-controls/index.ts',
    'cart-page': 'src/cart-page/index.ts',
    checkout: 'src/checkout/index.ts',
    order: 'src/order/index.ts',
    editor: 'src/editor/index.ts',
    // The store screens load lazily in the editor; their own entry (and their shared kit pieces
    // being entries too) keeps them out of the chunk the editor's first load needs.
    'editor-store': 'src/editor/store/index.ts',
    'editor-empty-state': 'src/editor/EmptyState.tsx',
    // Shared by the first load and the store kit: its own module keeps the kit out of the first load.
    'editor-confirm-dialog': 'src/editor/ConfirmDialog.tsx',
    'editor-messages': 'src/editor/editor-messages.ts',
    // The editor's shell and sign-in screen (its whole first load) need only these two: their own
    // modules keep every other component out of that load.
    'editor-error-boundary': 'src/editor/ErrorFallback.tsx',
    'editor-field': 'src/editor/field/EditorField.tsx',
    // Formatting text typed in the preview: loaded with the page editor, not the first load.
    'editor-floating-toolbar': 'src/editor/rich-text/floating.ts',
    // And the Pages screen (where the owner lands after signing in): these, the confirm dialog
    // and the empty state, so it does not bring the store kit and React Aria's drop zone.
    'editor-icon': 'src/editor/EditorIcon.tsx',
    'editor-access-lock': 'src/editor/access-lock/index.ts',
    'editor-seo': 'src/editor/seo/index.ts',
    // The analytics screen loads lazily: its own entry keeps it out of the editor's first load.
    'editor-analytics': 'src/editor/analytics/index.ts',
    // The site styles screen loads lazily too.
    'editor-site-styles': 'src/editor/site-styles/index.ts',
    'editor-template-editor': 'src/editor/code/TemplateEditor.tsx',
    styles: 'src/styles.css',
    'editor-styles': 'src/editor/editor.css',
  },
  format: ['esm'],
  splitting: true,
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime'],
});
