/**
 * The header's menu button on narrow screens: it shows and hides the menu and says which in
 * aria-expanded. Escape closes the menu and puts focus back on the button.
 */
export function enhanceSiteNav(doc: Document): void {
  const header = doc.querySelector<HTMLElement>('.site-header');
  const toggle = header?.querySelector<HTMLButtonElement>('.site-nav-toggle');
  if (!header || !toggle) return;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    header.toggleAttribute('data-menu-open', open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  header.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || toggle.getAttribute('aria-expanded') !== 'true') return;
    setOpen(false);
    toggle.focus();
  });
}
