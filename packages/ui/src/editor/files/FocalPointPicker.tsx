import type { FocalPoint } from '@site/page-content';
import { useId, type KeyboardEvent, type MouseEvent } from 'react';
import { fileManagerMessages as m } from './file-manager-messages';

export interface FocalPointPickerProps {
  src: string;
  value: FocalPoint;
  onChange: (value: FocalPoint) => void;
  isDisabled?: boolean;
}

const STEP = 0.05;
const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 100) / 100));

/**
 * The point of an image that stays in view when a layout crops it (platform.md §3
 * mediaFocalPoint): a click on the image puts it there, arrow keys on the marker nudge it.
 */
export function FocalPointPicker({ src, value, onChange, isDisabled }: FocalPointPickerProps) {
  const helpId = useId();
  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (isDisabled) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    });
  };
  const nudge = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const move = moves[event.key];
    if (!move || isDisabled) return;
    event.preventDefault();
    onChange({ x: clamp(value.x + move[0]), y: clamp(value.y + move[1]) });
  };
  return (
    <div className="ed-field">
      <span className="ed-field__label">{m.focalPoint}</span>
      {/* The click target is a convenience for pointers; the marker button is the keyboard's way in. */}
      <div className="ed-focal" onClick={place} data-disabled={isDisabled || undefined}>
        <img className="ed-focal__image" src={src} alt="" draggable={false} />
        <button
          type="button"
          className="ed-focal__marker"
          style={{ left: `${value.x * 100}%`, top: `${value.y * 100}%` }}
          aria-label={`${m.focalPoint}: ${m.focalPointValue(value.x, value.y)}`}
          aria-describedby={helpId}
          disabled={isDisabled}
          onKeyDown={nudge}
        />
      </div>
      <p className="ed-field__hint" id={helpId}>
        {m.focalPointHelp}
      </p>
    </div>
  );
}
