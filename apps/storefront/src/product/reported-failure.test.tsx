import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { ReportedFailure } from './reported-failure';

const reportError = vi.hoisted(() => vi.fn());
vi.mock('../tracking', () => ({ reportError }));

function Broken(): never {
  throw new Error('instalment offer broke');
}

describe('instalment failures are reported without breaking the page', () => {
  it('reports the error under its kind and leaves the part out', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = '<p id="price">$85.00</p><div id="pill"></div>';
    await act(async () =>
      createRoot(document.getElementById('pill')!).render(
        <ReportedFailure kind="instalment">
          <Broken />
        </ReportedFailure>,
      ),
    );
    expect(reportError).toHaveBeenCalledWith(
      'instalment',
      expect.objectContaining({ message: 'instalment offer broke' }),
    );
    expect(document.getElementById('pill')!.innerHTML).toBe('');
    expect(document.getElementById('price')!.textContent).toBe('$85.00');
    error.mockRestore();
  });

  it('renders what it wraps when nothing fails', async () => {
    document.body.innerHTML = '<div id="pill"></div>';
    await act(async () =>
      createRoot(document.getElementById('pill')!).render(
        <ReportedFailure kind="instalment">
          <span>Pay in 4</span>
        </ReportedFailure>,
      ),
    );
    expect(document.getElementById('pill')!.textContent).toBe('Pay in 4');
  });
});
