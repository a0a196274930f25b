import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { blockDefinition, createBlock, emptyLinkDraft, linkHref, messages } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { BlockInspector } from '../BlockInspector';
import { CodeEditor } from '../code/CodeEditor';
import { LinkEditorDialog } from './LinkEditorDialog';
import { RichTextEditor } from './RichTextEditor';
import { FloatingToolbar } from './FloatingToolbar';
import { EMPTY_TOOLBAR_STATE, RichTextToolbar } from './RichTextToolbar';

afterEach(cleanup);

const PAGES = [
  { id: 'p1', title: 'About', path: '/about' },
  { id: 'p2', title: 'Contact', path: '/contact' },
];
const FILES = [{ id: 'f1', name: 'menu.pdf', url: '/files/f1/menu.pdf' }];

describe('RichTextToolbar', () => {
  it('shows what is on with aria-pressed and reports each command', async () => {
    const onCommand = vi.fn();
    const state = {
      ...EMPTY_TOOLBAR_STATE,
      marks: { ...EMPTY_TOOLBAR_STATE.marks, bold: true },
      align: 'center' as const,
    };
    const { container } = render(<RichTextToolbar state={state} onCommand={onCommand} />);
    expect(screen.getByRole('toolbar', { name: 'Text formatting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Align center' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Italic' }));
    fireEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear formatting' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Text style' }), { target: { value: 'h3' } });
    expect(onCommand.mock.calls.map(([c]) => c)).toEqual([
      { kind: 'mark', mark: 'italic' },
      { kind: 'block', block: 'orderedList' },
      { kind: 'clear' },
      { kind: 'style', style: 'h3' },
    ]);
    await expectNoAxeViolations(container);
  });

  it('moves between its controls with the arrow keys', () => {
    render(<RichTextToolbar state={EMPTY_TOOLBAR_STATE} onCommand={() => {}} />);
    const bold = screen.getByRole('button', { name: 'Bold' });
    act(() => bold.focus());
    fireEvent.keyDown(bold, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Italic' }));
  });
});

describe('FloatingToolbar', () => {
  const at = (anchor: { top: number; bottom: number; left: number; right: number }, viewportWidth = 800) => {
    const { container } = render(
      <FloatingToolbar
        state={EMPTY_TOOLBAR_STATE}
        onCommand={() => {}}
        anchor={anchor}
        viewportWidth={viewportWidth}
      />,
    );
    return { container, box: container.querySelector<HTMLElement>('.ed-floating-toolbar')!.style };
  };

  it('stands above the text, centred on it, with the same controls', async () => {
    const { container, box } = at({ top: 200, bottom: 224, left: 300, right: 500 });
    expect([box.top, box.transform, box.left, box.maxWidth]).toEqual([
      '192px',
      'translateY(-100%)',
      '80px',
      '640px',
    ]);
    expect(screen.getByRole('toolbar', { name: 'Text formatting' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('goes below text at the top of the window and never leaves the window', () => {
    const below = at({ top: 20, bottom: 44, left: 0, right: 40 }).box;
    expect([below.top, below.transform]).toEqual(['52px', '']);
    cleanup();
    const { box } = at({ top: 200, bottom: 224, left: 280, right: 318 }, 320);
    expect([box.left, box.maxWidth]).toEqual(['8px', '304px']);
  });
});

describe('LinkEditorDialog', () => {
  const open = (initial = emptyLinkDraft('email')) => {
    const onSave = vi.fn();
    render(
      <LinkEditorDialog
        isOpen
        initial={initial}
        pages={PAGES}
        files={FILES}
        onSave={onSave}
        onCancel={() => {}}
      />,
    );
    return onSave;
  };

  it('refuses a bad email with the spec messages and saves a good one', () => {
    const onSave = open();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'nobody' } });
    fireEvent.change(screen.getByLabelText('CC'), { target: { value: 'a@example.com, oops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(messages.pleaseEnterValidEmail)).toBeTruthy();
    expect(screen.getByText(messages.emailsMustBeFormatted('name@example.com'))).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'shop@example.com' } });
    fireEvent.change(screen.getByLabelText('CC'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hello there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(linkHref(onSave.mock.calls[0]![0])).toBe('mailto:shop@example.com?subject=Hello%20there');
  });

  it('offers the site pages and the web address message', async () => {
    const onSave = open(emptyLinkDraft('page'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Page' }), { target: { value: 'p2' } });
    fireEvent.click(screen.getByLabelText('Open in New Window'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ type: 'page', pageId: 'p2', newWindow: true });

    fireEvent.click(screen.getByRole('radio', { name: 'Web Address' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Web Address' }), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText(messages.linksMustBeFormatted('example.com', 'https://example.com')),
    ).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('dialog'));
  });
});

describe('RichTextEditor', () => {
  it('shows the stored HTML in a labelled text box with its toolbar', async () => {
    const onChange = vi.fn();
    render(
      <>
        <span id="label">Text</span>
        <RichTextEditor
          value="<p>Hello <strong>world</strong></p>"
          onChange={onChange}
          labelledBy="label"
          pages={PAGES}
        />
      </>,
    );
    const box = await screen.findByRole('textbox', { name: 'Text' });
    expect(box.innerHTML).toContain('<strong>world</strong>');
    expect(screen.getByRole('toolbar', { name: 'Text formatting' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByRole('dialog', { name: 'Link' })).toBeTruthy();
  });

  it('changes nothing by opening: only typing or formatting is an edit', async () => {
    const onChange = vi.fn();
    const value =
      '<p>We are a small workshop making <strong>durable goods</strong> for makers.</p><p>Everything else.</p>';
    const { rerender } = render(<RichTextEditor value={value} onChange={onChange} />);
    await screen.findByRole('textbox');
    rerender(<RichTextEditor value={value} onChange={onChange} isReadOnly />);
    rerender(<RichTextEditor value={value} onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('CodeEditor', () => {
  it('falls back to a text area with the spec message on Android', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <>
        <span id="code-label">Code</span>
        <CodeEditor
          value="let a = 1;"
          onChange={onChange}
          labelledBy="code-label"
          userAgent="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile"
        />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('Code editing is not available on Android');
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: 'let b = 2;' } });
    expect(onChange).toHaveBeenCalledWith('let b = 2;');
    await expectNoAxeViolations(container);
  });

  it('edits with CodeMirror elsewhere', async () => {
    render(
      <CodeEditor
        value="const answer = 42;"
        onChange={() => {}}
        language="javascript"
        userAgent="Mozilla/5.0 (X11; Linux x86_64)"
      />,
    );
    await waitFor(() =>
      expect(document.querySelector('.cm-content')?.textContent).toBe('const answer = 42;'),
    );
  });
});

describe('BlockInspector with rich text', () => {
  it('loads the rich-text editor for a text block, seeded from older plain text', async () => {
    const settings = { ...createBlock('text').settings, text: 'First\n\nSecond' };
    render(<BlockInspector definition={blockDefinition('text')!} settings={settings} onChange={() => {}} />);
    // The first lazy import compiles Tiptap, which takes a while in a test run.
    const box = await screen.findByRole('textbox', { name: 'Text' }, { timeout: 10_000 });
    expect(box.innerHTML).toContain('<p>First</p><p>Second</p>');
  });
});
