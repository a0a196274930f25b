import { Button, ToggleButton, Toolbar } from 'react-aria-components';
import { richTextMessages as m } from './rich-text-messages';

export type TextStyle = 'paragraph' | 'h1' | 'h2' | 'h3' | 'h4';
export type TextAlign = 'left' | 'center' | 'right' | 'justify';
export type Mark = 'bold' | 'italic' | 'underline' | 'strike';
export type BlockToggle = 'bulletList' | 'orderedList' | 'blockquote';

/** What the selection has now: the toolbar shows it as pressed buttons and the style select. */
export interface ToolbarState {
  style: TextStyle;
  marks: Record<Mark, boolean>;
  blocks: Record<BlockToggle, boolean>;
  align: TextAlign;
  link: boolean;
}

export type ToolbarCommand =
  | { kind: 'style'; style: TextStyle }
  | { kind: 'mark'; mark: Mark }
  | { kind: 'block'; block: BlockToggle }
  | { kind: 'align'; align: TextAlign }
  | { kind: 'link' }
  | { kind: 'clear' };

export const EMPTY_TOOLBAR_STATE: ToolbarState = {
  style: 'paragraph',
  marks: { bold: false, italic: false, underline: false, strike: false },
  blocks: { bulletList: false, orderedList: false, blockquote: false },
  align: 'left',
  link: false,
};

export interface RichTextToolbarProps {
  state: ToolbarState;
  onCommand: (command: ToolbarCommand) => void;
  isDisabled?: boolean;
  /** The id of the editable area the toolbar formats. */
  controls?: string;
}

const STYLES: readonly TextStyle[] = ['paragraph', 'h1', 'h2', 'h3', 'h4'];
// Short visible glyphs; each button's accessible name is the full word.
const MARKS: readonly [Mark, string][] = [
  ['bold', 'B'],
  ['italic', 'I'],
  ['underline', 'U'],
  ['strike', 'S'],
];
const BLOCKS: readonly [BlockToggle, string][] = [
  ['bulletList', '•≡'],
  ['orderedList', '1≡'],
  ['blockquote', '❝'],
];
const ALIGNS: readonly [TextAlign, string][] = [
  ['left', '⇤'],
  ['center', '↔'],
  ['right', '⇥'],
  ['justify', '☰'],
];

/**
 * The formatting toolbar: one tab stop, arrow keys move between its controls (React Aria's
 * toolbar), toggles say whether they are on with aria-pressed. A click leaves focus (and the
 * selection) in the text, so one can format and keep typing.
 */
export function RichTextToolbar({ state, onCommand, isDisabled, controls }: RichTextToolbarProps) {
  return (
    <Toolbar className="ed-rt-toolbar" aria-label={m.toolbar} aria-controls={controls}>
      <select
        className="ed-input ed-rt-toolbar__style"
        aria-label={m.textStyle}
        value={state.style}
        disabled={isDisabled}
        onChange={(e) => onCommand({ kind: 'style', style: e.target.value as TextStyle })}
      >
        {STYLES.map((style) => (
          <option key={style} value={style}>
            {style === 'paragraph' ? m.paragraph : m.heading(Number(style.slice(1)))}
          </option>
        ))}
      </select>
      {MARKS.map(([mark, glyph]) => (
        <ToggleButton
          preventFocusOnPress
          key={mark}
          className={`ed-rt-button ed-rt-button--${mark}`}
          aria-label={m[mark]}
          isSelected={state.marks[mark]}
          isDisabled={isDisabled}
          onChange={() => onCommand({ kind: 'mark', mark })}
        >
          <span aria-hidden="true">{glyph}</span>
        </ToggleButton>
      ))}
      {BLOCKS.map(([block, glyph]) => (
        <ToggleButton
          preventFocusOnPress
          key={block}
          className="ed-rt-button"
          aria-label={block === 'blockquote' ? m.quote : m[block]}
          isSelected={state.blocks[block]}
          isDisabled={isDisabled}
          onChange={() => onCommand({ kind: 'block', block })}
        >
          <span aria-hidden="true">{glyph}</span>
        </ToggleButton>
      ))}
      {ALIGNS.map(([align, glyph]) => (
        <ToggleButton
          preventFocusOnPress
          key={align}
          className="ed-rt-button"
          aria-label={m.align[align]}
          isSelected={state.align === align}
          isDisabled={isDisabled}
          onChange={() => onCommand({ kind: 'align', align })}
        >
          <span aria-hidden="true">{glyph}</span>
        </ToggleButton>
      ))}
      <ToggleButton
        preventFocusOnPress
        className="ed-rt-button"
        aria-label={m.link}
        aria-haspopup="dialog"
        isSelected={state.link}
        isDisabled={isDisabled}
        onChange={() => onCommand({ kind: 'link' })}
      >
        <span aria-hidden="true">🔗</span>
      </ToggleButton>
      <Button
        preventFocusOnPress
        className="ed-rt-button"
        aria-label={m.clear}
        isDisabled={isDisabled}
        onPress={() => onCommand({ kind: 'clear' })}
      >
        <span aria-hidden="true">T̸</span>
      </Button>
    </Toolbar>
  );
}
