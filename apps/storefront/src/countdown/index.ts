/** Shows the time left on one countdown block, or what the owner chose for after its end. */
function show(block: HTMLElement, now: number): boolean {
  const endsAt = Date.parse(block.dataset.endsAt ?? '');
  if (Number.isNaN(endsAt)) return true;
  const left = Math.max(0, Math.floor((endsAt - now) / 1000));
  const amounts = {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
  for (const [unit, amount] of Object.entries(amounts)) {
    const value = block.querySelector<HTMLElement>(`[data-unit="${unit}"]`);
    if (value && value.textContent !== String(amount)) value.textContent = String(amount);
  }
  const ended = endsAt <= now;
  if (!ended) return false;
  // The page may have been rendered (and cached) before the end: the script brings it up to date.
  if (block.dataset.afterEnd === 'hide') block.hidden = true;
  block.querySelector<HTMLElement>('.countdown-block__running')?.setAttribute('hidden', '');
  block.querySelector<HTMLElement>('.countdown-block__ended')?.removeAttribute('hidden');
  return true;
}

/** Ticks every countdown block of the page once a second until its end. */
export function enhanceCountdowns(doc: Document, clock: () => number = Date.now): () => void {
  const blocks = Array.from(doc.querySelectorAll<HTMLElement>('[data-countdown]')).filter(
    (block) => !show(block, clock()),
  );
  if (blocks.length === 0) return () => {};
  const timer = setInterval(() => {
    const now = clock();
    for (let i = blocks.length - 1; i >= 0; i--) if (show(blocks[i]!, now)) blocks.splice(i, 1);
    if (blocks.length === 0) clearInterval(timer);
  }, 1000);
  return () => clearInterval(timer);
}
