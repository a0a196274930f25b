import {
  type AddressPrediction,
  type AddressPredictions,
  fillMessage,
  type PlaceAddress,
} from '@site/commerce-core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { uiMessages } from '../messages';

/** Where the checkout's address suggestions come from (the wiring calls the API). */
export interface AddressSuggestionSource {
  /** Suggestions for what the shopper typed; a rejection means the source failed. */
  suggest(input: string, options: { country: string; signal: AbortSignal }): Promise<AddressPredictions>;
  /** The chosen suggestion as address fields; a rejection keeps what the shopper typed. */
  choose(prediction: AddressPrediction): Promise<PlaceAddress>;
}

export interface AddressAutocompleteFieldProps {
  /** The input's id, so the error summary can focus it. */
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  isDisabled?: boolean;
  autoComplete?: string;
  source: AddressSuggestionSource;
  /** The country chosen in the form, to rank its places first ('' for none). */
  country: string;
  /** The shopper chose a suggestion and its address arrived: fill the form's fields. */
  onChoose: (address: PlaceAddress) => void;
}

/** Typing pauses this long before a lookup: one call per word, not per key. */
export const ADDRESS_LOOKUP_PAUSE_MS = 250;
const MIN_CHARS = 3;

/**
 * The first address line as a combobox (WAI-ARIA 1.2, list autocomplete): the shopper types, a
 * list of suggestions opens under the field, arrows move through it (aria-activedescendant, so
 * focus stays in the field), Enter or a click chooses, Escape closes. How many suggestions came is
 * announced, and so is the address filled in. The field stays an ordinary text field throughout:
 * when the source fails it stops asking and the shopper types the address by hand.
 */
export function AddressAutocompleteField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  isDisabled = false,
  autoComplete,
  source,
  country,
  onChoose,
}: AddressAutocompleteFieldProps) {
  const listId = useId();
  const errorId = useId();
  const [suggestions, setSuggestions] = useState<AddressPredictions>({ predictions: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const [failed, setFailed] = useState(false);
  const focused = useRef(false);
  // Only the shopper's typing looks addresses up, not the fill after a choice.
  const typed = useRef(false);
  const items = suggestions.predictions;

  useEffect(() => {
    if (!typed.current || failed) return;
    const input = value.trim();
    if (input.length < MIN_CHARS) {
      setSuggestions({ predictions: [] });
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      source.suggest(input, { country, signal: controller.signal }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setSuggestions(answer);
          setActive(-1);
          const show = answer.predictions.length > 0 && focused.current;
          setOpen(show);
          if (show)
            setAnnouncement(
              answer.predictions.length === 1
                ? uiMessages.addressSuggestionsOne
                : fillMessage(uiMessages.addressSuggestionsCount, { count: answer.predictions.length }),
            );
        },
        () => {
          if (controller.signal.aborted) return;
          // No error for the shopper: the field is a plain one from here on.
          setFailed(true);
          setSuggestions({ predictions: [] });
          setOpen(false);
        },
      );
    }, ADDRESS_LOOKUP_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, country, source, failed]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (prediction: AddressPrediction) => {
    typed.current = false;
    close();
    setSuggestions({ predictions: [] });
    source.choose(prediction).then(
      (address) => {
        onChoose(address);
        setAnnouncement(fillMessage(uiMessages.addressFilledIn, { address: prediction.description }));
      },
      () => {
        // The details call failed: what the shopper typed stays, and they go on by hand.
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = items.length;
    if (e.key === 'ArrowDown' && n > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (open ? (i + 1) % n : 0));
    } else if (e.key === 'ArrowUp' && n > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (open && i > 0 ? i - 1 : n - 1));
    } else if (e.key === 'Enter' && open && active >= 0) {
      // Choosing, not placing the order.
      e.preventDefault();
      choose(items[active]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const invalid = error !== undefined && error !== '';
  return (
    <div className="sqs-field sqs-address-field" data-invalid={invalid || undefined}>
      <label className="sqs-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="sqs-address-field__anchor">
        <input
          id={id}
          name={name}
          className="sqs-field__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-required="true"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          autoComplete={autoComplete}
          disabled={isDisabled}
          value={value}
          onChange={(e) => {
            typed.current = true;
            onChange(e.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => (focused.current = true)}
          onBlur={() => {
            focused.current = false;
            close();
          }}
        />
        <div className="sqs-address-field__popup" hidden={!open}>
          <ul
            id={listId}
            role="listbox"
            aria-label={uiMessages.addressSuggestions}
            className="sqs-address-field__list"
          >
            {items.map((p, i) => (
              <li
                key={p.placeId}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className="sqs-address-field__option"
                // Keeps focus (and the open list) in the field until the click chooses.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(p)}
              >
                <span className="sqs-address-field__main">{p.mainText}</span>{' '}
                <span className="sqs-address-field__secondary">{p.secondaryText}</span>
              </li>
            ))}
          </ul>
          {suggestions.attribution ? (
            <p className="sqs-address-field__attribution">
              {fillMessage(uiMessages.addressPoweredBy, { provider: suggestions.attribution })}
            </p>
          ) : null}
        </div>
      </div>
      {invalid ? (
        <p id={errorId} className="sqs-field__error">
          {error}
        </p>
      ) : null}
      <p role="status" className="sqs-visually-hidden">
        {announcement}
      </p>
    </div>
  );
}
