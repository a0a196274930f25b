import type { ReactNode } from 'react';
import { RichTextToolbar, type RichTextToolbarProps } from './RichTextToolbar';

/** A box in the window's coordinates: the text the toolbar formats. */
export interface ToolbarAnchor {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface FloatingToolbarProps extends RichTextToolbarProps {
  anchor: ToolbarAnchor;
  /** The width the toolbar may use: it wraps inside it and never leaves the window. */
  viewportWidth: number;
  /** Above the toolbar's own controls: a link dialog opened from it, say. */
  children?: ReactNode;
}

const GAP = 8;
/** Room for the toolbar wrapped on two rows; with less above the text it goes below. */
const ROOM_ABOVE = 100;
const MAX_WIDTH = 640;

/**
 * The formatting toolbar standing over the text being typed on the page, as page builders show
 * it: centred on the text, kept inside the window. The same controls (and keyboard behaviour)
 * as the inspector's toolbar.
 */
export function FloatingToolbar({ anchor, viewportWidth, children, ...toolbar }: FloatingToolbarProps) {
  const width = Math.min(MAX_WIDTH, viewportWidth - 2 * GAP);
  const centre = (anchor.left + anchor.right) / 2;
  const left = Math.max(GAP, Math.min(centre - width / 2, viewportWidth - width - GAP));
  // Above: its bottom edge sits just over the text, however many rows it wraps to.
  const above = anchor.top >= ROOM_ABOVE;
  const top = above ? anchor.top - GAP : anchor.bottom + GAP;
  return (
    <div
      className="ed-floating-toolbar"
      style={{ top, left, maxWidth: width, transform: above ? 'translateY(-100%)' : undefined }}
    >
      <RichTextToolbar {...toolbar} />
      {children}
    </div>
  );
}
