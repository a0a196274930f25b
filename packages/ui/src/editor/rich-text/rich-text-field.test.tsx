import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { RichTextField } from './RichTextField';

afterEach(cleanup);

describe('RichTextField', () => {
  it('labels the editor it loads, shows its error and passes axe', async () => {
    const { container } = render(
      <RichTextField label="Body" value="<p>Linen</p>" onChange={() => {}} error="Too long" />,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    const box = await screen.findByRole('textbox', { name: 'Body' }, { timeout: 20_000 });
    expect(box.textContent).toBe('Linen');
    expect(screen.getByRole('alert').textContent).toBe('Too long');
    await expectNoAxeViolations(container);
  }, 30_000);

  it('is read-only when asked', async () => {
    render(<RichTextField label="Body" value="<p>Linen</p>" onChange={() => {}} isReadOnly />);
    const box = await screen.findByRole('textbox', { name: 'Body' }, { timeout: 20_000 });
    expect(box.getAttribute('contenteditable')).toBe('false');
  }, 30_000);
});
