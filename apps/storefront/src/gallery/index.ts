/**
 * Galleries (the gallery block and gallery pages) work without JavaScript: slides scroll and snap
 * (so they swipe), thumbnails are links to their slide. This adds the previous/next buttons, the
 * arrow keys, the current thumbnail, autoplay and the lightbox.
 */
export function enhanceGalleries(doc: Document): void {
  for (const gallery of doc.querySelectorAll<HTMLElement>(
    '[data-gallery="slideshow"], [data-gallery="carousel"]',
  ))
    enhanceSlides(gallery);
  for (const gallery of doc.querySelectorAll<HTMLElement>('[data-lightbox-theme]'))
    enhanceLightbox(doc, gallery);
  for (const gallery of doc.querySelectorAll<HTMLElement>('[data-gallery]')) enhanceVideos(doc, gallery);
}

/** The host's player for a video item, asked to start at once (the visitor just pressed play). */
function player(doc: Document, link: HTMLAnchorElement): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  const src = new URL(link.dataset.galleryVideo!);
  src.searchParams.set('autoplay', '1');
  frame.src = src.href;
  frame.className = 'gallery__player';
  frame.title = link.getAttribute('aria-label')?.replace(/^Play video: /, '') || 'Video';
  frame.allow = 'autoplay; fullscreen; picture-in-picture';
  frame.allowFullscreen = true;
  return frame;
}

/**
 * A video item plays where it is: in the lightbox when the gallery has one, otherwise in its own
 * slide or cell in place of its poster. Without this, its link opens the video on its host.
 */
function enhanceVideos(doc: Document, gallery: HTMLElement): void {
  const links = [...gallery.querySelectorAll<HTMLAnchorElement>('a[data-gallery-video]')];
  if (links.length === 0) return;
  let dialog: HTMLDialogElement | undefined;
  const lightbox = () => {
    if (dialog) return dialog;
    const opened = doc.createElement('dialog');
    opened.className = `gallery-lightbox gallery-lightbox--${gallery.dataset.lightboxTheme === 'light' ? 'light' : 'dark'}`;
    opened.setAttribute('aria-label', 'Video');
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'gallery-lightbox__close';
    close.textContent = 'Close';
    close.addEventListener('click', () => opened.close());
    // Closing stops the video: its player leaves with it.
    opened.addEventListener('close', () => opened.querySelector('iframe')?.remove());
    opened.addEventListener('click', (event) => {
      if (event.target === opened) opened.close();
    });
    opened.append(close);
    doc.body.append(opened);
    return (dialog = opened);
  };
  for (const link of links)
    link.addEventListener('click', (event) => {
      event.preventDefault();
      const frame = player(doc, link);
      if (gallery.dataset.lightboxTheme) {
        const opened = lightbox();
        opened.querySelector('iframe')?.remove();
        opened.append(frame);
        opened.showModal();
      } else {
        link.replaceWith(frame);
        frame.focus();
      }
    });
}

function enhanceSlides(gallery: HTMLElement): void {
  const track = gallery.querySelector<HTMLElement>('.gallery__items');
  if (!track) return;
  const slides = [...track.querySelectorAll<HTMLElement>(':scope > .gallery__item')];
  const thumbs = [...gallery.querySelectorAll<HTMLAnchorElement>('[data-gallery-thumb]')];
  if (slides.length === 0) return;
  let current = 0;

  const mark = (index: number) => {
    current = index;
    thumbs.forEach((thumb, i) => thumb.setAttribute('aria-current', String(i === index)));
    gallery.dataset.current = String(index + 1);
  };
  const go = (index: number) => {
    const next = (index + slides.length) % slides.length;
    const slide = slides[next]!;
    // Scroll the strip only, never the page.
    const left = slide.offsetLeft - track.offsetLeft - (track.clientWidth - slide.clientWidth) / 2;
    track.scrollTo({
      left,
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
    mark(next);
  };

  // The slide most in view is the current one, however the visitor got there (swipe, keys, links).
  const seen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.isIntersecting) mark(slides.indexOf(entry.target as HTMLElement));
    },
    { root: track, threshold: 0.6 },
  );
  slides.forEach((slide) => seen.observe(slide));

  gallery.querySelector('[data-gallery-prev]')?.addEventListener('click', () => go(current - 1));
  gallery.querySelector('[data-gallery-next]')?.addEventListener('click', () => go(current + 1));
  thumbs.forEach((thumb, i) =>
    thumb.addEventListener('click', (event) => {
      event.preventDefault();
      go(i);
    }),
  );
  track.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  });
  mark(0);

  const every = Number(gallery.dataset.autoplay);
  if (every > 0 && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
    let paused = false;
    const pause = () => (paused = true);
    const resume = () => (paused = false);
    gallery.addEventListener('pointerenter', pause);
    gallery.addEventListener('pointerleave', resume);
    gallery.addEventListener('focusin', pause);
    gallery.addEventListener('focusout', resume);
    setInterval(() => {
      if (!paused && !document.hidden) go(current + 1);
    }, every);
  }
}

/** A picture opens full size in a modal dialog (Escape, the close button or a click outside close it). */
function enhanceLightbox(doc: Document, gallery: HTMLElement): void {
  const links = [...gallery.querySelectorAll<HTMLAnchorElement>('[data-gallery-lightbox]')];
  if (links.length === 0) return;
  const dialog = doc.createElement('dialog');
  dialog.className = `gallery-lightbox gallery-lightbox--${gallery.dataset.lightboxTheme === 'light' ? 'light' : 'dark'}`;
  dialog.setAttribute('aria-label', 'Image');
  const image = doc.createElement('img');
  // A licensed picture's credit travels with it into the lightbox.
  const credit = doc.createElement('p');
  credit.className = 'gallery-lightbox__credit';
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'gallery-lightbox__close';
  close.textContent = 'Close';
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.append(close, image, credit);
  doc.body.append(dialog);
  for (const link of links) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      const thumb = link.querySelector('img');
      image.src = link.href;
      image.alt = thumb?.alt ?? '';
      const line = link.closest('figure')?.querySelector('.gallery__credit');
      credit.replaceChildren(...(line ? [...line.cloneNode(true).childNodes] : []));
      credit.hidden = !line;
      dialog.showModal();
    });
  }
}
