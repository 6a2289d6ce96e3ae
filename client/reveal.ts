// Sections below the fold fade in when they scroll into view. Sections already on screen at load
// are never hidden (no flash, no CLS), and reduced motion gets no effect at all.
import { prefersReducedMotion } from './motion.ts';

export function initReveal(root: ParentNode = document): void {
  if (prefersReducedMotion() || typeof IntersectionObserver !== 'function') return;
  const pending = [...root.querySelectorAll<HTMLElement>('section[data-reveal]')].filter(
    (section) => !section.classList.contains('reveal-pending') && section.getBoundingClientRect().top >= innerHeight,
  );
  if (pending.length === 0) return;

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('is-revealed');
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  for (const section of pending) {
    section.classList.add('reveal-pending');
    observer.observe(section);
  }
}
