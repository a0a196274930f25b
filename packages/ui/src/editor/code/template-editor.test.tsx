import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { messages, type TemplateProblem } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { TemplateEditor } from './TemplateEditor';

afterEach(cleanup);

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile';
// A stand-in for the engine's check: an unclosed section is an error at its line and column.
const check = (source: string): TemplateProblem[] => {
  const at = source.indexOf('{.section');
  if (at < 0 || source.includes('{.end}')) return [];
  const before = source.slice(0, at).split('\n');
  return [{ line: before.length, column: before.at(-1)!.length + 1, message: 'Missing {.end}' }];
};

describe('TemplateEditor', () => {
  it('edits with CodeMirror, highlights JSON-T and marks the engine errors at their line and column', async () => {
    const { container } = render(
      <TemplateEditor
        value={'<p>\n  {.section title}{@}\n</p>'}
        onChange={vi.fn()}
        check={check}
        userAgent="Mozilla/5.0 (X11; Linux x86_64)"
      />,
    );
    await waitFor(() =>
      expect(container.querySelector('.cm-content')?.textContent).toContain('{.section title}'),
    );
    expect(await screen.findByText('Line 2, column 3: Missing {.end}')).toBeTruthy();
    // The gutter carries a marker on the error's line once the linter has run.
    await waitFor(() => expect(container.querySelector('.cm-lint-marker-error')).toBeTruthy(), {
      timeout: 3000,
    });
  });

  it('says so when there is nothing wrong', async () => {
    render(
      <TemplateEditor value={'{.section a}{.end}'} onChange={vi.fn()} check={check} userAgent={ANDROID} />,
    );
    expect(await screen.findByText('No syntax errors.')).toBeTruthy();
  });

  it('falls back to a text area with the spec message on Android, still checking as you type', async () => {
    const onChange = vi.fn();
    const { container, rerender } = render(
      <>
        <span id="tpl-label">site</span>
        <TemplateEditor
          value="{.section a}{.end}"
          onChange={onChange}
          check={check}
          labelledBy="tpl-label"
          userAgent={ANDROID}
        />
      </>,
    );
    expect(screen.getByText(messages.codeEditingUnavailableOnAndroid)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'site' }), { target: { value: '{.section a}' } });
    expect(onChange).toHaveBeenCalledWith('{.section a}');
    rerender(
      <>
        <span id="tpl-label">site</span>
        <TemplateEditor
          value="{.section a}"
          onChange={onChange}
          check={check}
          labelledBy="tpl-label"
          userAgent={ANDROID}
        />
      </>,
    );
    expect(await screen.findByText('Line 1, column 1: Missing {.end}')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('is read-only for viewers', () => {
    render(<TemplateEditor value="x" onChange={vi.fn()} check={check} isReadOnly userAgent={ANDROID} />);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).readOnly).toBe(true);
  });
});
