/** Runs `task` when the browser is idle (and within `timeout` ms whatever happens); returns a cancel. */
export function whenIdle(task: () => void, timeout = 1500): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}
