const motion = () => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** Focuses an element and brings it to the middle of the screen (clear of the sticky top bar). */
export function focusAndReveal(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center', behavior: motion() });
}

export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: motion() });
}
