import { DEVICE_VIEWS, type DeviceView } from '@site/page-content';
import { useEffect, useRef, useState } from 'react';
import { CONTENT_ID, previewDocumentHtml, type PreviewParts } from './render-preview';

export interface PreviewFrameProps {
  parts: PreviewParts;
  device: DeviceView;
  selectedBlockId?: string;
  onSelectBlock: (blockId: string) => void;
  title: string;
}

// Drawn by the editor over the site's own styles: selection and hover outlines, and no pointer
// surprises (links and forms do nothing in the preview).
const EDITOR_STYLE = `
[data-block-id]{cursor:pointer;transition:outline-color .12s}
[data-block-id]:hover{outline:1px dashed rgb(26 95 180 / 60%);outline-offset:4px}
[data-block-id][data-ed-selected]{outline:2px solid #1a5fb4;outline-offset:4px}
`;

/**
 * The live preview: an iframe whose document the editor writes. The layout is written once (and
 * again only when it changes); every edit after that replaces just the content element, so
 * typing shows at once without reloading styles or losing the scroll position.
 */
export function PreviewFrame({ parts, device, selectedBlockId, onSelectBlock, title }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const shellRef = useRef<string | undefined>(undefined);
  const selectRef = useRef(onSelectBlock);
  selectRef.current = onSelectBlock;

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    const container = doc.getElementById(CONTENT_ID);
    if (shellRef.current === parts.shell && container) {
      container.innerHTML = parts.content;
    } else {
      shellRef.current = parts.shell;
      doc.open();
      doc.write(previewDocumentHtml(parts));
      doc.close();
      const style = doc.createElement('style');
      style.textContent = EDITOR_STYLE;
      doc.head.append(style);
      doc.addEventListener('click', (event) => {
        const target = event.target as Element | null;
        if (target?.closest('a, button, form, input, select, textarea, summary')) event.preventDefault();
        const block = target?.closest('[data-block-id]');
        if (block) selectRef.current(block.getAttribute('data-block-id')!);
      });
      doc.addEventListener('submit', (event) => event.preventDefault());
    }
    markSelection(doc, selectedBlockId);
  }, [parts, selectedBlockId]);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc || !selectedBlockId) return;
    doc
      .querySelector(`[data-block-id="${CSS.escape(selectedBlockId)}"]`)
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selectedBlockId]);

  const stage = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState<{ width: number; height: number }>();
  useEffect(() => {
    const el = stage.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setStageSize({ width: el.clientWidth, height: el.clientHeight }),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Every device is laid out at its own width (desktop at 1280, so the owner edits the layout
  // visitors get, not the narrow stacked one) and scaled down to fit a narrower pane.
  const width = DEVICE_VIEWS[device].width;
  const scale = stageSize && stageSize.width > 0 && stageSize.width < width ? stageSize.width / width : 1;
  const left = stageSize && scale === 1 ? Math.max(0, (stageSize.width - width) / 2) : 0;
  return (
    <div className={`ed-preview ed-preview--${device}`} ref={stage}>
      <iframe
        ref={frame}
        className="ed-preview__frame"
        title={title}
        style={{
          width,
          left,
          height: stageSize && scale < 1 ? stageSize.height / scale : undefined,
          transform: scale < 1 ? `scale(${scale})` : undefined,
        }}
        // Same origin so the editor can write into it; no scripts ever run inside.
        sandbox="allow-same-origin"
        data-device={device}
      />
    </div>
  );
}

function markSelection(doc: Document, selectedBlockId: string | undefined) {
  doc.querySelectorAll('[data-ed-selected]').forEach((el) => el.removeAttribute('data-ed-selected'));
  if (selectedBlockId)
    doc
      .querySelector(`[data-block-id="${CSS.escape(selectedBlockId)}"]`)
      ?.setAttribute('data-ed-selected', '');
}
