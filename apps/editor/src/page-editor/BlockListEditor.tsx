import { blockDefinition, type Block, type PageDocument } from '@site/page-content';
import { BlockInspector, BlockPicker, EditorIcon } from '@site/ui';
import { useState } from 'react';
import { blockSummary } from './BlockList';
import { addBlock, removeBlock, updateBlockSettings } from './document-ops';

export interface BlockListEditorProps {
  /** The blocks edited, as a document so the page editor's operations apply unchanged. */
  doc: PageDocument;
  /** Applies one edit to the document the caller holds. */
  onChange: (change: (doc: PageDocument) => PageDocument) => void;
  isReadOnly: boolean;
  addLabel: string;
  /** Shown instead of the list when there are no blocks. */
  emptyText?: string;
  /** The smallest number of blocks the list may shrink to (a component keeps one). */
  minBlocks?: number;
  /** The block opened in the inspector first. */
  initialSelection?: string;
  /** The server's messages for a block's settings, by the block's place in the list. */
  settingsErrors?: (index: number) => Record<string, string>;
}

/**
 * A plain list of blocks with one inspector: used where blocks live outside a page's canvas (the
 * footer, a website component), so both keep the same selection, removal and add rules.
 */
export function BlockListEditor({
  doc,
  onChange,
  isReadOnly,
  addLabel,
  emptyText,
  minBlocks = 0,
  initialSelection,
  settingsErrors,
}: BlockListEditorProps) {
  const [selected, setSelected] = useState<string | undefined>(initialSelection);
  const [picking, setPicking] = useState(false);
  const blocks: Block[] = doc.sections.flatMap((s) => s.blocks);
  const selectedIndex = blocks.findIndex((b) => b.id === selected);
  const selectedBlock = blocks[selectedIndex];
  const selectedDefinition = selectedBlock && blockDefinition(selectedBlock.type);
  const label = (block: Block) => blockDefinition(block.type)?.label ?? block.type;
  return (
    <>
      {blocks.length === 0 && emptyText && <p className="ed-muted">{emptyText}</p>}
      <ul className="ed-page-list">
        {blocks.map((block) => (
          <li key={block.id} className="ed-page-row">
            <button
              type="button"
              className="ed-link-button ed-page-row__title"
              aria-pressed={selected === block.id}
              onClick={() => setSelected(block.id)}
            >
              {label(block)}
            </button>
            <span className="ed-page-row__path">{blockSummary(block)}</span>
            {!isReadOnly && blocks.length > minBlocks && (
              <button
                type="button"
                className="ed-icon-button"
                aria-label={`Remove ${label(block)}`}
                onClick={() => onChange((d) => removeBlock(d, block.id))}
              >
                <EditorIcon name="remove" />
              </button>
            )}
          </li>
        ))}
      </ul>
      {selectedBlock && selectedDefinition && (
        <div className="ed-card ed-card--inset">
          <BlockInspector
            definition={selectedDefinition}
            settings={selectedBlock.settings}
            isReadOnly={isReadOnly}
            errors={settingsErrors?.(selectedIndex)}
            onChange={(settings) => onChange((d) => updateBlockSettings(d, selectedBlock.id, settings))}
          />
        </div>
      )}
      {!isReadOnly &&
        (picking ? (
          <BlockPicker
            onPick={(type) => {
              const result = addBlock(doc, type, blocks.at(-1)?.id);
              onChange(() => result.doc);
              setSelected(result.blockId);
              setPicking(false);
            }}
          />
        ) : (
          <button type="button" className="ed-button" onClick={() => setPicking(true)}>
            {addLabel}
          </button>
        ))}
    </>
  );
}
