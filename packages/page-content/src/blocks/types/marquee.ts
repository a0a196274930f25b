import { z } from 'zod';
import { LIMITS } from '../../limits';
import { messages } from '../../messages';
import { text } from '../../text';
import { defineBlock } from '../define-block';

/** Copies of the text in one half of the moving strip: enough to fill a wide screen with short text. */
const COPIES_PER_HALF = 6;

export const marqueeBlock = defineBlock({
  type: 'marquee',
  code: 71,
  label: 'Scrolling text',
  category: 'more',
  description:
    'A line of text that moves across the page (it stays still for visitors who ask for less motion).',
  settings: z.object({
    text: text(LIMITS.maxShortText)
      .refine((v) => v.trim() !== '', messages.blocks.marqueeTextRequired)
      .default('Fresh bread every morning · Free delivery over €50'),
    speed: z.enum(['slow', 'medium', 'fast']).default('medium'),
    direction: z.enum(['left', 'right']).default('left'),
  }),
  fields: [
    { key: 'text', label: 'Text', kind: 'text', maxLength: LIMITS.maxShortText },
    {
      key: 'speed',
      label: 'Speed',
      kind: 'select',
      options: [
        { value: 'slow', label: 'Slow' },
        { value: 'medium', label: 'Medium' },
        { value: 'fast', label: 'Fast' },
      ],
    },
    {
      key: 'direction',
      label: 'Moves towards',
      kind: 'select',
      options: [
        { value: 'left', label: 'The left' },
        { value: 'right', label: 'The right' },
      ],
    },
  ],
  summary: (s) => s.text,
  // Every copy but the first is hidden from screen readers, which read the text once.
  view: (s) => ({ ...s, copies: Array.from({ length: COPIES_PER_HALF * 2 - 1 }, () => s.text) }),
  // The pause switch is a checkbox the stylesheet reads: moving text can be stopped without a script.
  template:
    '<div class="marquee-block marquee-block--{speed} marquee-block--{direction}"><p class="marquee-block__strip"><span class="marquee-block__track"><span class="marquee-block__text">{text|htmltag}</span>{.repeated section copies}<span class="marquee-block__text" aria-hidden="true">{@|htmltag}</span>{.end}</span></p><label class="marquee-block__pause"><input type="checkbox"> Pause</label></div>',
});
