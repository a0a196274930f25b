import { siteProfileMessages } from '@site/page-content';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { SiteLogoPanel, siteLogoPanelMessages as m } from './SiteLogoPanel';

afterEach(cleanup);

const handlers = () => ({ onUpload: vi.fn(), onRemove: vi.fn() });

describe('SiteLogoPanel', () => {
  it('without a logo shows the name as text and uploads the chosen picture; passes axe', async () => {
    const h = handlers();
    const { container } = render(<SiteLogoPanel logoUrl={null} siteTitle="Harbour Supply" {...h} />);
    await expectNoAxeViolations(container);
    expect(container.querySelector('.ed-site-logo__text')!.textContent).toBe('Harbour Supply');
    expect(screen.queryByRole('button', { name: m.remove })).toBeNull();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [file] } });
    expect(h.onUpload).toHaveBeenCalledWith(file);
  });

  it('with a logo shows it described by the name, and removes it', async () => {
    const h = handlers();
    const { container } = render(
      <SiteLogoPanel logoUrl="/site-logo/0123456789abcdef.webp" siteTitle="Harbour Supply" {...h} />,
    );
    await expectNoAxeViolations(container);
    const img = screen.getByRole('img');
    expect(img.getAttribute('src')).toBe('/site-logo/0123456789abcdef.webp');
    expect(img.getAttribute('alt')).toBe(m.preview('Harbour Supply'));
    expect(screen.getByRole('button', { name: m.replace })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: m.remove }));
    expect(h.onRemove).toHaveBeenCalled();
  });

  it.each([
    ['loading', { logoUrl: undefined }, m.loading],
    ['refused', { logoUrl: null, error: siteProfileMessages.logoTooSmall }, siteProfileMessages.logoTooSmall],
  ])('%s: says so; passes axe', async (_, props, text) => {
    const { container } = render(<SiteLogoPanel siteTitle="Harbour Supply" {...props} {...handlers()} />);
    expect(screen.getByText(text)).toBeDefined();
    await expectNoAxeViolations(container);
  });

  it('busy or read only: the buttons wait', () => {
    const { rerender } = render(<SiteLogoPanel logoUrl="/x.webp" isBusy {...handlers()} />);
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: m.uploading })).toBeDefined();
    rerender(<SiteLogoPanel logoUrl="/x.webp" isReadOnly {...handlers()} />);
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
  });
});
