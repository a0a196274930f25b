import { plainParagraphs } from '../blocks/types/basic';

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text of an older block as the rich text it reads as: paragraphs, line breaks kept. */
export function plainTextToHtml(value: string): string {
  return plainParagraphs(value)
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
