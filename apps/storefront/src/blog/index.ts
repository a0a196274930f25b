import { api, ApiError } from '../api';

const SHARE_LINKS: Record<string, (url: string, title: string) => string> = {
  twitter: (url, title) =>
    `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  facebook: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  email: (url, title) => `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`,
};
const SHARE_NAMES: Record<string, string> = { twitter: 'X', facebook: 'Facebook', email: 'Email' };

/** Share links for the services the site turned on (shareButtonOptions). */
function enhanceShare(doc: Document, options: Record<string, unknown>): void {
  for (const host of doc.querySelectorAll<HTMLElement>('.squarespace-social-buttons')) {
    const url = new URL(host.dataset.fullUrl ?? '/', doc.location.href).href;
    const title = host.dataset.title ?? doc.title;
    for (const [service, link] of Object.entries(SHARE_LINKS)) {
      if (!options[service]) continue;
      const a = doc.createElement('a');
      a.className = `share-link share-link--${service}`;
      a.href = link(url, title);
      a.target = '_blank';
      a.rel = 'noopener';
      a.textContent = `Share on ${SHARE_NAMES[service]}`;
      host.append(a);
    }
  }
}

/** The like control: one like per browser, remembered in local storage. */
function enhanceLikes(doc: Document): void {
  for (const host of doc.querySelectorAll<HTMLElement>('.sqs-simple-like')) {
    const id = host.dataset.itemId ?? '';
    const key = `liked:${id}`;
    let count = Number(host.dataset.likeCount ?? 0);
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'like-button';
    const render = () => {
      const liked = localStorage.getItem(key) === '1';
      button.setAttribute('aria-pressed', String(liked));
      button.disabled = liked;
      button.textContent = `${liked ? 'Liked' : 'Like'} · ${count}`;
    };
    button.addEventListener('click', () => {
      void api<{ likeCount: number }>('POST', `/api/blog/posts/${encodeURIComponent(id)}/like`, {}).then(
        (r) => {
          count = r.likeCount;
          localStorage.setItem(key, '1');
          render();
        },
      );
    });
    render();
    host.replaceChildren(button);
  }
}

/** Sends a comment; it waits for the owner's approval, and the form says so. */
function enhanceCommentForms(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-comment-form]')) {
    const status = form.querySelector<HTMLElement>('.comment-form__status')!;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
      if (!data.authorName?.trim() || !data.body?.trim()) {
        status.textContent = 'Enter your name and a comment.';
        return;
      }
      const button = form.querySelector('button');
      if (button) button.disabled = true;
      api<{ message: string }>(
        'POST',
        `/api/blog/posts/${encodeURIComponent(form.dataset.postId ?? '')}/comments`,
        data,
      )
        .then((r) => {
          form.reset();
          status.textContent = r.message;
        })
        .catch((err: unknown) => {
          status.textContent =
            err instanceof ApiError && err.message
              ? err.message
              : 'Your comment could not be sent. Please try again.';
        })
        .finally(() => {
          if (button) button.disabled = false;
        });
    });
    // Until this runs a comment sent would only reload the page; the mark says the form now works.
    form.dataset.enhanced = 'true';
  }
}

export function enhanceBlogPost(doc: Document): void {
  const raw = doc.querySelector<HTMLElement>('[data-share-options]')?.dataset.shareOptions;
  enhanceShare(doc, raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
  enhanceLikes(doc);
  enhanceCommentForms(doc);
}
