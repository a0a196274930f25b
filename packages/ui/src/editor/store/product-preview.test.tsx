import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DEVICE_VIEWS } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ProductEditor } from './ProductEditor';
import { ProductPreview } from './ProductPreview';
import { sampleProductPage } from './sample-store';
import { storeMessages as m } from './store-messages';

afterEach(cleanup);
const noop = () => {};
const frameOf = (name: string) => screen.getByTitle(name) as HTMLIFrameElement;

describe('ProductPreview', () => {
  it('writes the page into a named frame that runs no scripts, and updates it in place', async () => {
    const title = m.previewOf('Harbour at dawn');
    const { container, rerender } = render(
      <ProductPreview title={title} html={sampleProductPage('Harbour at dawn', '$25.00')} />,
    );
    const frame = frameOf(title);
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    const doc = frame.contentDocument!;
    expect(doc.querySelector('.product-title')?.textContent).toBe('Harbour at dawn');
    rerender(<ProductPreview title={title} html={sampleProductPage('Harbour at noon', '$30.00')} />);
    // Same document, new body: the styles stay loaded.
    expect(frame.contentDocument).toBe(doc);
    expect(doc.querySelector('.product-title')?.textContent).toBe('Harbour at noon');
    expect(doc.querySelector('.product-price')?.textContent).toBe('$30.00');
    await expectNoAxeViolations(container);
  });

  it.each([
    ['loading', { isLoading: true }, m.previewLoading, m.previewUpdating],
    ['refused before any page', { error: 'Enter a title.' }, m.previewUnavailable, 'Enter a title.'],
  ])('has a %s state without axe violations', async (_name, props, shown, status) => {
    const { container } = render(<ProductPreview title={m.previewOf('')} {...props} />);
    expect(container.textContent).toContain(shown);
    expect(screen.getByRole('status').textContent).toBe(status);
    expect(frameOf(m.previewOf('')).hidden).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('lays the page out at the chosen device width, desktop first', () => {
    render(<ProductPreview title="Preview" html={sampleProductPage('Harbour', '$25.00')} />);
    const frame = frameOf('Preview');
    expect(frame.dataset.device).toBe('desktop');
    expect(frame.style.width).toBe(`${DEVICE_VIEWS.desktop.width}px`);
    fireEvent.click(screen.getByRole('radio', { name: DEVICE_VIEWS.phone.label }));
    expect(frame.dataset.device).toBe('phone');
    expect(frame.style.width).toBe(`${DEVICE_VIEWS.phone.width}px`);
    // The page stays written: switching only resizes the frame.
    expect(frame.contentDocument?.querySelector('.product-title')?.textContent).toBe('Harbour');
  });

  it('offers the site’s languages when it has several, and none otherwise', () => {
    const onLanguageChange = vi.fn();
    const languages = [
      { code: 'en', name: 'English' },
      { code: 'fr', name: 'Français' },
    ];
    const { rerender } = render(
      <ProductPreview
        title="Preview"
        html={sampleProductPage('Harbour', '$25.00')}
        languages={languages}
        language="en"
        onLanguageChange={onLanguageChange}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: m.previewLanguage }), { target: { value: 'fr' } });
    expect(onLanguageChange).toHaveBeenCalledWith('fr');
    rerender(
      <ProductPreview
        title="Preview"
        html={sampleProductPage('Harbour', '$25.00')}
        languages={languages.slice(0, 1)}
      />,
    );
    expect(screen.queryByRole('combobox', { name: m.previewLanguage })).toBeNull();
  });

  it('keeps the last page in view when a newer draft is refused, and says why', () => {
    render(
      <ProductPreview title="Preview" html={sampleProductPage('Harbour', '$25.00')} error="Enter a price." />,
    );
    expect(screen.getByRole('status').textContent).toBe(m.previewNotUpdated('Enter a price.'));
    expect(frameOf('Preview').hidden).toBe(false);
  });
});

describe('ProductEditor with a preview', () => {
  it('switches between the form and the preview, and keeps focus in the form while the preview updates', () => {
    const preview = (html: string) => <ProductPreview title="Preview" html={html} />;
    const { rerender } = render(
      <ProductEditor
        isOpen
        currency="USD"
        preview={preview(sampleProductPage('A', '$1.00'))}
        onSave={noop}
        onCancel={noop}
      />,
    );
    const edit = screen.getByRole('button', { name: m.editView });
    const show = screen.getByRole('button', { name: m.previewView });
    expect(screen.getByRole('group', { name: m.views })).toBeTruthy();
    expect(edit.getAttribute('aria-pressed')).toBe('true');
    const title = screen.getByRole('textbox', { name: m.title });
    title.focus();
    fireEvent.change(title, { target: { value: 'AB' } });
    rerender(
      <ProductEditor
        isOpen
        currency="USD"
        preview={preview(sampleProductPage('AB', '$1.00'))}
        onSave={noop}
        onCancel={noop}
      />,
    );
    expect(document.activeElement).toBe(title);
    expect(frameOf('Preview').contentDocument!.querySelector('h1')?.textContent).toBe('AB');
    fireEvent.click(show);
    expect(show.getAttribute('aria-pressed')).toBe('true');
    expect(title.closest('[data-view]')?.getAttribute('data-view')).toBe('preview');
  });

  it('has no switch without a preview', () => {
    render(<ProductEditor isOpen currency="USD" onSave={noop} onCancel={noop} />);
    expect(screen.queryByRole('button', { name: m.previewView })).toBeNull();
  });
});
