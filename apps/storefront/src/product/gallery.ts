/**
 * The product page's pictures work without script: the strip scrolls and snaps (it swipes),
 * thumbnails link to their slide, a picture links to its full size. This marks the current
 * thumbnail, adds the arrow keys and opens a picture in a zoom dialog: click or tap zooms in at
 * that point and the pointer pans, arrow keys and swipes move between pictures, Escape closes.
 */
export function enhanceProductGallery(doc: Document): void {
  const gallery = doc.querySelector<HTMLElement>('[data-product-gallery]');
  const track = gallery?.querySelector<HTMLElement>('.product-gallery__slides');
  if (!gallery || !track) return;
  const slides = [...track.querySelectorAll<HTMLElement>('.product-gallery__slide')];
  const thumbs = [...gallery.querySelectorAll<HTMLAnchorElement>('[data-product-thumb]')];
  const zoomLinks = [...gallery.querySelectorAll<HTMLAnchorElement>('[data-product-zoom]')];
  let current = 0;
  const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

  const mark = (index: number) => {
    current = index;
    thumbs.forEach((thumb, i) =>
      i === index ? thumb.setAttribute('aria-current', 'true') : thumb.removeAttribute('aria-current'),
    );
  };
  const show = (index: number) => {
    const next = (index + slides.length) % slides.length;
    // Scroll the strip only, never the page.
    track.scrollTo({
      left: slides[next]!.offsetLeft - track.offsetLeft,
      behavior: reduced() ? 'auto' : 'smooth',
    });
    mark(next);
  };
  if (slides.length > 1) {
    const seen = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) mark(slides.indexOf(entry.target as HTMLElement));
      },
      { root: track, threshold: 0.6 },
    );
    slides.forEach((slide) => seen.observe(slide));
    thumbs.forEach((thumb, i) =>
      thumb.addEventListener('click', (event) => {
        event.preventDefault();
        show(i);
      }),
    );
    track.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowRight') show(current + 1);
      else if (event.key === 'ArrowLeft') show(current - 1);
      else return;
      event.preventDefault();
    });
  }
  if (zoomLinks.length) mountZoom(doc, zoomLinks, show);
}

function button(doc: Document, className: string, label: string, text: string): HTMLButtonElement {
  const b = doc.createElement('button');
  b.type = 'button';
  b.className = className;
  b.setAttribute('aria-label', label);
  b.textContent = text;
  return b;
}

function mountZoom(doc: Document, links: HTMLAnchorElement[], showInPage: (index: number) => void): void {
  const dialog = doc.createElement('dialog');
  dialog.className = 'product-zoom';
  dialog.setAttribute('aria-label', 'Zoomed picture');
  const frame = doc.createElement('div');
  frame.className = 'product-zoom__frame';
  const image = doc.createElement('img');
  image.className = 'product-zoom__image';
  // A drag is a swipe or a pan here, not the browser dragging the picture away.
  image.draggable = false;
  const toggle = button(doc, 'product-zoom__toggle', 'Zoom in', '+');
  const close = button(doc, 'product-zoom__close', 'Close', '×');
  const counter = doc.createElement('p');
  counter.className = 'product-zoom__counter';
  counter.setAttribute('aria-live', 'polite');
  const prev = button(doc, 'product-zoom__prev', 'Previous picture', '‹');
  const next = button(doc, 'product-zoom__next', 'Next picture', '›');
  frame.append(image);
  dialog.append(close, frame, counter, toggle);
  if (links.length > 1) dialog.append(prev, next);
  doc.body.append(dialog);

  let index = 0;
  const zoomAt = (zoomed: boolean, x = 0.5, y = 0.5) => {
    dialog.toggleAttribute('data-zoomed', zoomed);
    image.style.transformOrigin = `${x * 100}% ${y * 100}%`;
    toggle.setAttribute('aria-label', zoomed ? 'Zoom out' : 'Zoom in');
    toggle.textContent = zoomed ? '−' : '+';
    toggle.setAttribute('aria-pressed', String(zoomed));
  };
  const open = (i: number) => {
    index = (i + links.length) % links.length;
    const link = links[index]!;
    image.src = link.href;
    image.alt = link.querySelector('img')?.alt ?? '';
    counter.textContent = `${index + 1} / ${links.length}`;
    zoomAt(false);
  };
  const point = (event: PointerEvent | MouseEvent) => {
    const box = image.getBoundingClientRect();
    return [
      Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)),
      Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)),
    ] as const;
  };

  links.forEach((link, i) =>
    link.addEventListener('click', (event) => {
      event.preventDefault();
      open(i);
      dialog.showModal();
    }),
  );
  close.addEventListener('click', () => dialog.close());
  // Back on the page, the picture the visitor ended on is the one showing.
  dialog.addEventListener('close', () => showInPage(index));
  prev.addEventListener('click', () => open(index - 1));
  next.addEventListener('click', () => open(index + 1));
  toggle.addEventListener('click', () => zoomAt(!dialog.hasAttribute('data-zoomed')));
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') open(index + 1);
    else if (event.key === 'ArrowLeft') open(index - 1);
    else return;
    event.preventDefault();
  });

  // A tap or click zooms in where it landed (and out again); a drag while zoomed pans, a swipe
  // while not zoomed moves to the next or previous picture.
  let down: { x: number; y: number; moved: boolean } | undefined;
  image.addEventListener('pointerdown', (event) => {
    down = { x: event.clientX, y: event.clientY, moved: false };
  });
  image.addEventListener('pointermove', (event) => {
    if (down && Math.hypot(event.clientX - down.x, event.clientY - down.y) > 10) down.moved = true;
    if (dialog.hasAttribute('data-zoomed') && (event.pointerType === 'mouse' || down)) {
      const [x, y] = point(event);
      image.style.transformOrigin = `${x * 100}% ${y * 100}%`;
    }
  });
  image.addEventListener('pointerup', (event) => {
    const start = down;
    down = undefined;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (
      !dialog.hasAttribute('data-zoomed') &&
      links.length > 1 &&
      Math.abs(dx) > 50 &&
      Math.abs(dx) > Math.abs(event.clientY - start.y)
    ) {
      open(index + (dx < 0 ? 1 : -1));
      return;
    }
    if (start.moved) return;
    const [x, y] = point(event);
    zoomAt(!dialog.hasAttribute('data-zoomed'), x, y);
  });
}
