import {
  type AlsoBoughtItem,
  fillMessage,
  formatMoneyWithSymbol,
  messages as commerceMessages,
} from '@site/commerce-core';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { uiMessages } from '../messages';

export interface AlsoBoughtProps {
  items: readonly AlsoBoughtItem[];
  /** Once, the first time the row is on screen (the related-products-shown event). */
  onShown?: (items: readonly AlsoBoughtItem[]) => void;
  /** The shopper follows a suggestion to its page. */
  onOpen?: (item: AlsoBoughtItem) => void;
  /** Puts a quick-add suggestion in the cart; reject to show "Unable to add item". */
  onAdd?: (item: AlsoBoughtItem) => Promise<void>;
  /** Whether the browser is online when an add fails; defaults to navigator.onLine. */
  isOnline?: () => boolean;
}

type AddState = { kind: 'adding' } | { kind: 'failed'; detail: string };

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The cart panel's "customers also bought" row (storefront.md §2): products bought with the cart's,
 * each linking to its page; a one-variant product goes straight into the cart. Nothing is drawn
 * without suggestions.
 */
export function AlsoBought({ items, onShown, onOpen, onAdd, isOnline = online }: AlsoBoughtProps) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const [states, setStates] = useState<Readonly<Record<string, AddState>>>({});
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || items.length === 0 || shown.current || !onShown) return;
    const report = () => {
      if (shown.current) return;
      shown.current = true;
      onShown(items);
    };
    if (typeof IntersectionObserver === 'undefined') return report();
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        report();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [items, onShown]);

  if (items.length === 0) return null;

  const add = async (item: AlsoBoughtItem) => {
    if (!onAdd) return;
    setStates((s) => ({ ...s, [item.id]: { kind: 'adding' } }));
    try {
      await onAdd(item);
      setStates(({ [item.id]: _done, ...rest }) => rest);
      setAnnouncement(fillMessage(uiMessages.quickAdded, { title: item.title }));
    } catch {
      setStates((s) => ({
        ...s,
        [item.id]: {
          kind: 'failed',
          detail: isOnline() ? commerceMessages.pleaseTryAgain : commerceMessages.checkConnection,
        },
      }));
    }
  };

  return (
    <section className="sqs-also-bought" aria-labelledby={headingId} ref={ref}>
      <h3 id={headingId} className="sqs-also-bought__title">
        {uiMessages.customersAlsoBought}
      </h3>
      <p role="status" className="sqs-visually-hidden">
        {announcement}
      </p>
      <ul className="sqs-also-bought__items">
        {items.map((item) => {
          const state = states[item.id];
          const price = formatMoneyWithSymbol(item.price);
          return (
            <li key={item.id} className="sqs-also-bought__item">
              <a className="sqs-also-bought__link" href={item.url} onClick={() => onOpen?.(item)}>
                <span className="sqs-also-bought__image">
                  {item.imageUrl && <img src={item.imageUrl} alt="" loading="lazy" />}
                </span>
                <span className="sqs-also-bought__name">{item.title}</span>
                <span className="sqs-also-bought__price">
                  {item.priceVaries ? fillMessage(commerceMessages.fromPrice, { fromPrice: price }) : price}
                </span>
              </a>
              {item.quickAddSku && onAdd && (
                <Button
                  className="sqs-button sqs-button--secondary sqs-also-bought__add"
                  aria-label={fillMessage(uiMessages.quickAddLabel, { title: item.title })}
                  isDisabled={state?.kind === 'adding'}
                  onPress={() => void add(item)}
                >
                  {state?.kind === 'adding' ? uiMessages.quickAdding : uiMessages.quickAdd}
                </Button>
              )}
              {state?.kind === 'failed' && (
                <p role="alert" className="sqs-also-bought__error">
                  {commerceMessages.unableToAddItem}. {state.detail}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
