import { EditorIcon } from '../EditorIcon';
import { gridMessages } from './grid-messages';

export interface PhoneOrderItem {
  id: string;
  /** What the owner recognises the block by: its type and a few words of it. */
  name: string;
}

export interface PhoneOrderProps {
  /** The section's blocks, top to bottom as a phone shows them. */
  items: readonly PhoneOrderItem[];
  onMove: (id: string, toIndex: number) => void;
  isDisabled?: boolean;
  /** The last move, said to screen readers (the list itself re-renders in the new order). */
  announcement?: string;
}

/**
 * The order a section's blocks stack in on a phone, apart from their desktop grid. Each row has
 * move up and move down buttons, so the order is arranged with a keyboard as well as a pointer.
 */
export function PhoneOrder({ items, onMove, isDisabled, announcement }: PhoneOrderProps) {
  return (
    <section className="ed-phone-order" aria-labelledby="ed-phone-order-title">
      <h3 className="ed-phone-order__title" id="ed-phone-order-title">
        {gridMessages.phoneOrder}
      </h3>
      <p className="ed-muted">{gridMessages.phoneOrderHint}</p>
      {items.length === 0 ? (
        <p className="ed-muted">{gridMessages.phoneOrderEmpty}</p>
      ) : (
        <ol className="ed-phone-order__list">
          {items.map((item, index) => (
            <li key={item.id} className="ed-phone-order__item" data-phone-block={item.id}>
              <span className="ed-phone-order__position" aria-hidden="true">
                {index + 1}
              </span>
              <span className="ed-phone-order__name">{item.name}</span>
              <button
                type="button"
                className="ed-icon-button"
                aria-label={gridMessages.moveUp(item.name)}
                disabled={isDisabled || index === 0}
                onClick={() => onMove(item.id, index - 1)}
              >
                <EditorIcon name="up" />
              </button>
              <button
                type="button"
                className="ed-icon-button"
                aria-label={gridMessages.moveDown(item.name)}
                disabled={isDisabled || index === items.length - 1}
                onClick={() => onMove(item.id, index + 1)}
              >
                <EditorIcon name="down" />
              </button>
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
