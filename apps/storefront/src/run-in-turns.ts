interface Scheduler {
  yield(): Promise<void>;
}

/**
 * Gives the browser a turn (input, rendering) before the next task: `scheduler.yield()` where the
 * browser has it, which resumes ahead of other queued work, else a new task.
 */
function nextTurn(win: Window): Promise<void> {
  const scheduler = (win as Window & { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}

/**
 * Runs the steps in order, each in a task of its own: one task running them all is a long task
 * that holds a tap or a key on a slow phone until it ends (Lighthouse's total blocking time).
 */
export async function runInTurns(steps: readonly (() => void)[], win: Window = window): Promise<void> {
  for (const [i, step] of steps.entries()) {
    if (i > 0) await nextTurn(win);
    step();
  }
}
