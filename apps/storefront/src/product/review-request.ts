import { messages, ReviewRequestSubmissionSchema } from '@site/commerce-core';
import { ApiError, api } from '../api';

type Field = 'rating' | 'title' | 'text' | 'name';

/**
 * The reviews-request page (page type 209, theme/pages/reviews-request.page): checks the rated
 * items with the server's own schema, shows each problem beside its field, sends every review in
 * one call and puts a thank-you in the form's place.
 */
export function enhanceReviewRequest(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('[data-review-request-form]');
  if (!form) return;
  const alert = form.querySelector<HTMLElement>('[data-review-request-alert]');
  const items = [...form.querySelectorAll<HTMLElement>('[data-review-item]')].filter((li) =>
    li.querySelector('fieldset'),
  );

  const clear = () => {
    for (const p of form.querySelectorAll<HTMLElement>('[data-error-for]')) p.textContent = '';
    for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    if (alert) alert.textContent = '';
  };
  /** Marks a field of one item (or the name, item undefined) with its message. */
  const mark = (item: HTMLElement | undefined, field: Field, message: string) => {
    const scope = item ?? form;
    const error = [...scope.querySelectorAll<HTMLElement>(`[data-error-for="${field}"]`)].find(
      (p) => item || !p.closest('[data-review-item]'),
    );
    if (error) error.textContent = message;
    const control =
      field === 'rating'
        ? scope.querySelector<HTMLElement>('fieldset')
        : scope.querySelector<HTMLElement>(`[name^="${field}"]`);
    control?.setAttribute('aria-invalid', 'true');
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clear();
    const data = new FormData(form);
    const reviews = items.flatMap((li) => {
      const index = li.querySelector('fieldset input')?.getAttribute('name')?.slice('rating-'.length);
      const rating = Number(data.get(`rating-${index}`) ?? 0);
      const title = String(data.get(`title-${index}`) ?? '');
      const text = String(data.get(`text-${index}`) ?? '');
      // An item left alone is skipped; one with words but no stars is asked for its rating.
      if (!rating && !title.trim() && !text.trim()) return [];
      return [{ productId: li.dataset.reviewItem ?? '', rating: rating || undefined, title, text }];
    });
    const body = { sig: form.dataset.sig ?? '', name: String(data.get('name') ?? ''), reviews };
    const checked = ReviewRequestSubmissionSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const [head, index, field] = issue.path;
        const item =
          head === 'reviews' && typeof index === 'number'
            ? items.find((li) => li.dataset.reviewItem === reviews[index]?.productId)
            : undefined;
        const target: Field | undefined =
          head === 'name' ? 'name' : item && typeof field === 'string' ? (field as Field) : undefined;
        if (target) mark(item, target, issue.message);
        else if (alert && !alert.textContent) alert.textContent = issue.message;
      }
      // The first problem on the page takes the focus (a rating group: its first star).
      const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      (first?.tagName === 'FIELDSET' ? first.querySelector<HTMLElement>('input') : (first ?? alert))?.focus();
      return;
    }
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    try {
      const answer = await api<{ message: string }>('POST', form.dataset.action ?? '', body);
      const thanks = doc.createElement('p');
      thanks.className = 'review-request__done';
      thanks.setAttribute('role', 'status');
      thanks.tabIndex = -1;
      thanks.textContent = answer.message;
      form.replaceWith(thanks);
      thanks.focus();
    } catch (err) {
      if (alert) {
        alert.textContent =
          err instanceof ApiError && err.message
            ? err.message.replace(/^[\w.]+: /, '')
            : messages.restockFailed;
        alert.focus();
      }
    } finally {
      if (submit) submit.disabled = false;
    }
  });
}
