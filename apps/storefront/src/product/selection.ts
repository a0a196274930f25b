/** The shopper's choices inside one product block, read from the server-rendered controls. */
export function readSelection(block: Element): Record<string, string> {
  const selection: Record<string, string> = {};
  for (const select of block.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')) {
    if (select.value) selection[select.dataset.variantOptionName!] = select.value;
  }
  return selection;
}

export function readQuantity(block: Element): unknown {
  const input = block.querySelector<HTMLInputElement>('.product-quantity-input input');
  // Without an input the quantity is 1 (digital goods, gift cards, subscriptions).
  return input ? (input.value.trim() === '' ? NaN : Number(input.value)) : 1;
}
