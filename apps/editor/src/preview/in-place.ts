import { blockDefinition, sanitizeRichText, type Block } from '@site/page-content';

/**
 * The text of a block the owner can type into right in the preview: which setting it is, where
 * the block's template puts it, and whether it is one line of plain text or rich text.
 */
export interface InPlaceTarget {
  key: string;
  /** Inside the block's element; the templates in @site/page-content decide these (tested). */
  selector: string;
  kind: 'plain' | 'rich';
  /** What a screen reader hears the text called: "Heading", "Button label". */
  label: string;
}

const TARGETS: Record<string, InPlaceTarget> = {
  heading: { key: 'text', selector: 'h1, h2, h3, h4', kind: 'plain', label: 'Heading' },
  text: { key: 'html', selector: '.text-block', kind: 'rich', label: 'Text' },
  button: { key: 'label', selector: 'a.button', kind: 'plain', label: 'Button label' },
  image: { key: 'caption', selector: 'figcaption', kind: 'plain', label: 'Image caption' },
};

export function inPlaceTarget(type: string): InPlaceTarget | undefined {
  return TARGETS[type];
}

/** The element the owner types into, inside a block's element in the preview. */
export function editableElement(blockElement: Element, target: InPlaceTarget): HTMLElement | null {
  return blockElement.querySelector<HTMLElement>(target.selector);
}

/**
 * The setting's new value from what the element shows now. Plain text is one line, cut at the
 * inspector's own limit; rich text is cleaned by the same sanitiser the inspector's rich text and
 * the server use, so only the toolbar's markup is ever kept.
 */
export function valueFromElement(element: HTMLElement, target: InPlaceTarget, type: string): string {
  if (target.kind === 'rich') return sanitizeRichText(toolbarMarkup(element));
  const text = (element.textContent ?? '').replace(/[\r\n]+/g, ' ');
  const field = blockDefinition(type)?.fields.find((f) => f.key === target.key);
  const max = field && 'maxLength' in field ? field.maxLength : undefined;
  return max === undefined ? text : text.slice(0, max);
}

/** The block's settings with the typed value; undefined when nothing changed. */
export function settingsWithValue(
  block: Block,
  target: InPlaceTarget,
  value: string,
): Record<string, unknown> | undefined {
  if (block.settings[target.key] === value) return undefined;
  return { ...block.settings, [target.key]: value };
}

// What the browser's own editing writes, named as the toolbar names it (Ctrl+B makes <b>, Enter
// can make a <div>), so the sanitiser keeps the formatting instead of dropping the tag.
const BROWSER_TAGS: Record<string, string> = { B: 'strong', I: 'em', STRIKE: 's', DIV: 'p' };

function toolbarMarkup(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const node of [...copy.querySelectorAll('b, i, strike, div')]) {
    const renamed = copy.ownerDocument.createElement(BROWSER_TAGS[node.tagName]!);
    for (const attribute of [...node.attributes]) renamed.setAttribute(attribute.name, attribute.value);
    renamed.append(...node.childNodes);
    node.replaceWith(renamed);
  }
  return copy.innerHTML;
}
