import { CartIndicator } from '@site/ui';
import { createRoot } from 'react-dom/client';
import type { PageContext } from '../page-context';

export function mountCartIndicator(doc: Document, _context: PageContext): void {
  const marker = doc.getElementById('sqs-cart-indicator');
  if (!marker) return;
  createRoot(marker).render(<CartIndicator itemCount={0} />);
}
