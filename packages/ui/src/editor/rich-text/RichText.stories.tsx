import type { Meta, StoryObj } from '@storybook/react-vite';
import { emptyLinkDraft, parseLinkHref } from '@site/page-content';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { LinkEditorDialog } from './LinkEditorDialog';
import { RichTextEditor } from './RichTextEditor';
import { EMPTY_TOOLBAR_STATE, RichTextToolbar } from './RichTextToolbar';

const PAGES = [
  { id: 'p1', title: 'Home', path: '/' },
  { id: 'p2', title: 'About us', path: '/about' },
  { id: 'p3', title: 'Contact', path: '/contact' },
];
const FILES = [
  { id: 'f1', name: 'menu.pdf', url: '/files/f1/menu.pdf' },
  { id: 'f2', name: 'price-list.pdf', url: '/files/f2/price-list.pdf' },
];
const FORMATTED =
  '<h2>Our story</h2><p style="text-align: center">Made by hand in <strong>Lisbon</strong>, since <em>1998</em>.</p>' +
  '<ul><li><p><u>Waxed canvas</u></p></li><li><p><s>Plastic</s></p></li></ul>' +
  '<blockquote><p>Good tools make good work.</p></blockquote>' +
  '<p><a href="page:p3">Contact us</a> or <a href="mailto:shop@example.com?subject=Hello">email the shop</a>.</p>';

function Editor({ initial, isReadOnly }: { initial: string; isReadOnly?: boolean }) {
  const [html, setHtml] = useState(initial);
  return (
    <div style={{ maxWidth: 420 }}>
      <span id="story-label" className="ed-field__label">
        Text
      </span>
      <RichTextEditor
        value={html}
        onChange={setHtml}
        labelledBy="story-label"
        pages={PAGES}
        files={FILES}
        isReadOnly={isReadOnly}
      />
    </div>
  );
}

const meta = {
  title: 'Editor/RichText',
  component: Editor,
  args: { initial: FORMATTED },
} satisfies Meta<typeof Editor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Formatted: Story = {};
export const Empty: Story = { args: { initial: '' } };
export const ReadOnly: Story = { args: { isReadOnly: true } };

export const ToolbarStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, maxWidth: 420 }}>
      <RichTextToolbar state={EMPTY_TOOLBAR_STATE} onCommand={fn()} />
      <RichTextToolbar
        state={{
          style: 'h2',
          marks: { bold: true, italic: true, underline: false, strike: false },
          blocks: { bulletList: true, orderedList: false, blockquote: false },
          align: 'center',
          link: true,
        }}
        onCommand={fn()}
      />
      <RichTextToolbar state={EMPTY_TOOLBAR_STATE} onCommand={fn()} isDisabled />
    </div>
  ),
};

const dialog = (initial: ReturnType<typeof emptyLinkDraft>, isEditing = false) => ({
  render: () => (
    <LinkEditorDialog
      isOpen
      initial={initial}
      isEditing={isEditing}
      pages={PAGES}
      files={FILES}
      onSave={fn()}
      onRemove={fn()}
      onCancel={fn()}
    />
  ),
});
export const LinkToPage: Story = dialog(emptyLinkDraft('page'));
export const LinkWebAddress: Story = dialog({
  ...emptyLinkDraft('url'),
  url: 'example.com/shop',
  newWindow: true,
});
export const LinkEmail: Story = dialog(
  parseLinkHref('mailto:shop@example.com?cc=a%40example.com&subject=Hello%20there'),
  true,
);
export const LinkPhone: Story = dialog({ ...emptyLinkDraft('phone'), phone: '+44 20 7946 0958' });
export const LinkFile: Story = dialog({ ...emptyLinkDraft('file'), fileUrl: '/files/f1/menu.pdf' });
export const LinkNoPagesOrFiles: Story = {
  render: () => (
    <LinkEditorDialog
      isOpen
      initial={emptyLinkDraft('page')}
      pages={[]}
      files={[]}
      onSave={fn()}
      onCancel={fn()}
    />
  ),
};
/** Save with malformed values: each field shows the spec's message ('Please enter a valid email'). */
export const LinkEmailInvalid: Story = {
  ...dialog({ ...emptyLinkDraft('email'), to: 'not-an-email' }),
  play: async ({ userEvent }) => {
    // The dialog renders in a portal, outside the story's canvas.
    const save = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save');
    if (save) await userEvent.click(save);
  },
};
export const LinkWebAddressInvalid: Story = {
  ...dialog({ ...emptyLinkDraft('url'), url: 'javascript:alert(1)' }),
  play: async ({ userEvent }) => {
    const save = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save');
    if (save) await userEvent.click(save);
  },
};
