import { DEVICE_VIEWS, type DeviceView } from '@site/page-content';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DeviceSwitcher } from '../DeviceSwitcher';
import { storeMessages as m } from './store-messages';

export interface ProductPreviewProps {
  /** The product page as the storefront renders it; absent until the first answer. */
  html?: string;
  /** A newer draft is being rendered. */
  isLoading?: boolean;
  /** Why the latest draft cannot show; the page shown last stays in view. */
  error?: string;
  /** The frame's accessible name ("Preview of Linen apron"). */
  title: string;
  /** The site's languages, main one first; a choice shows when there are several. */
  languages?: readonly { code: string; name: string }[];
  language?: string;
  onLanguageChange?: (code: string) => void;
  /** The screen width the page is laid out for at first (phone on narrow screens, else desktop); the owner can switch. */
  initialDevice?: DeviceView;
}

/**
 * The product page of the draft, in a frame that runs no scripts. Updates keep the frame's
 * document: when the stylesheets are the same, only the body is swapped, so the page does not
 * flash or lose its scroll position while the owner types, and focus stays where it was. The page
 * is laid out at the chosen device's width and scaled down when the pane is narrower, so the
 * desktop view shows the desktop layout, not the narrow one the pane's own width would give.
 */
export function ProductPreview({
  html,
  isLoading,
  error,
  title,
  languages = [],
  language,
  onLanguageChange,
  initialDevice = defaultDevice(),
}: ProductPreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [device, setDevice] = useState<DeviceView>(initialDevice);
  const [stageSize, setStageSize] = useState<{ width: number; height: number }>();
  const headingId = useId();
  // A newly written page opens at the product, not at the site's header above it, once it has
  // loaded (its load event: its readyState is complete before its stylesheets apply) and is in
  // view (a frame behind the Edit / Preview switch has no size until shown).
  const unscrolled = useRef<'loading' | 'loaded' | undefined>(undefined);
  const scrollToProduct = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (unscrolled.current !== 'loaded' || !doc || !frame.current?.clientHeight) return;
    unscrolled.current = undefined;
    const main = doc.querySelector('main');
    // Not scrollIntoView, which would scroll the editor around the frame too.
    if (main) doc.defaultView?.scrollTo(0, main.getBoundingClientRect().top + doc.defaultView.scrollY);
  }, []);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc || html === undefined) return;
    if (!showPage(doc, html)) return;
    unscrolled.current = 'loading';
    doc.defaultView?.addEventListener(
      'load',
      () => {
        unscrolled.current = 'loaded';
        scrollToProduct();
      },
      { once: true },
    );
  }, [html, scrollToProduct]);

  useEffect(() => {
    if (!frame.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(scrollToProduct);
    observer.observe(frame.current);
    return () => observer.disconnect();
  }, [scrollToProduct]);

  useEffect(() => {
    const el = stage.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setStageSize({ width: el.clientWidth, height: el.clientHeight }),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const width = DEVICE_VIEWS[device].width;
  const scale = stageSize && stageSize.width > 0 && stageSize.width < width ? stageSize.width / width : 1;
  // Placed absolutely, so its layout width never widens the pane; centred when it fits.
  const left = stageSize && scale === 1 ? Math.max(0, (stageSize.width - width) / 2) : 0;

  const status = isLoading
    ? m.previewUpdating
    : error
      ? html === undefined
        ? error
        : m.previewNotUpdated(error)
      : '';
  return (
    <section className="ed-product-preview" aria-labelledby={headingId} aria-busy={isLoading || undefined}>
      <div className="ed-product-preview__bar">
        <h3 id={headingId} className="ed-product-preview__heading">
          {m.preview}
        </h3>
        <p
          role="status"
          className={`ed-product-preview__status${error && !isLoading ? ' ed-product-preview__status--error' : ''}`}
        >
          {status}
        </p>
        {languages.length > 1 && (
          <select
            className="ed-input ed-product-preview__language"
            aria-label={m.previewLanguage}
            value={language ?? languages[0]!.code}
            onChange={(e) => onLanguageChange?.(e.target.value)}
          >
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        )}
        <DeviceSwitcher value={device} onChange={setDevice} />
      </div>
      <div className="ed-product-preview__stage" ref={stage}>
        {html === undefined && (
          <p className="ed-product-preview__empty">{error ? m.previewUnavailable : m.previewLoading}</p>
        )}
        <iframe
          ref={frame}
          className="ed-product-preview__frame"
          title={title}
          hidden={html === undefined}
          data-device={device}
          style={{
            width,
            left,
            height: stageSize && scale < 1 ? stageSize.height / scale : undefined,
            transform: scale < 1 ? `scale(${scale})` : undefined,
          }}
          // Same origin so the editor can write into it; no scripts, forms or navigation inside.
          sandbox="allow-same-origin"
        />
      </div>
    </section>
  );
}

/** A phone-width screen previews the phone layout: a desktop page scaled to it would be unreadable. */
const defaultDevice = (): DeviceView =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 1023px)').matches ? 'phone' : 'desktop';

const styleKey = (doc: Document) =>
  [...doc.head.querySelectorAll('link[rel="stylesheet"], style')].map((el) => el.outerHTML).join('\n');

/** Shows the page in the frame's document; true when it was written anew (not just its body swapped). */
function showPage(doc: Document, html: string): boolean {
  const next = new DOMParser().parseFromString(html, 'text/html');
  if (doc.body && doc.body.childElementCount > 0 && styleKey(doc) === styleKey(next)) {
    doc.body.replaceWith(doc.adoptNode(next.body));
    return false;
  }
  doc.open();
  doc.write(html);
  doc.close();
  // Writing a document drops its listeners: the page's links lead nowhere from here.
  doc.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.('a')) event.preventDefault();
  });
  doc.addEventListener('submit', (event) => event.preventDefault());
  return true;
}
