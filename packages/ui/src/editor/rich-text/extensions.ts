import { isSafeRichTextHref } from '@site/page-content';
import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';
import type { TextAlign as Align } from './RichTextToolbar';

export const ALIGNMENTS: readonly Align[] = ['left', 'center', 'right', 'justify'];

/**
 * The editor's schema: exactly the toolbar's formatting, so what it writes is what the
 * page-content sanitizer keeps (a test holds the two together).
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      code: false,
      codeBlock: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: false,
        HTMLAttributes: { rel: null, target: null },
        isAllowedUri: (url) => isSafeRichTextHref(url),
      },
    }),
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: [...ALIGNMENTS] }),
  ];
}
