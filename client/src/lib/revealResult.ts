/** Below Tailwind's `lg` the tool pages stack the result under the form. */
const STACKED = '(max-width: 1023px)';

/** On narrow screens, scrolls a tool's result panel into view so its progress is seen. */
export function revealResult(panel: HTMLElement | null): void {
  if (window.matchMedia(STACKED).matches) panel?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
