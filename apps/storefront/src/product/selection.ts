/** The shopper's choices inside one product block, read from the server-rendered controls (lists and swatches). */
export function readSelection(block: Element): Record<string, string> {
  const selection: Record<string, string> = {};
  for (const control of block.querySelectorAll<HTMLSelectElement | HTMLInputElement>(
    'select[data-variant-option-name], input[type="radio"][data-variant-option-name]:checked',
  )) {
    if (control.value) selection[control.dataset.variantOptionName!] = control.value;
  }
  return selection;
}

/** Whether a change event came from a variant control: a list or a colour swatch. */
export function isVariantControl(target: EventTarget | null): target is HTMLSelectElement | HTMLInputElement {
  return (
    (target instanceof HTMLSelectElement || target instanceof HTMLInputElement) &&
    Boolean(target.dataset.variantOptionName)
  );
}

export function readQuantity(block: Element): unknown {
  const input = block.querySelector<HTMLInputElement>('.product-quantity-input input');
  // Without an input the quantity is 1 (digital goods, gift cards, subscriptions).
  return input ? (input.value.trim() === '' ? NaN : Number(input.value)) : 1;
}
