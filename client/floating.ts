// Floating WhatsApp and back-to-top buttons, shown by scroll depth: WhatsApp past 20 % on narrow
// screens, back-to-top past 40 % (the old site's thresholds).
import { focusElement } from './focus.ts';
import { prefersReducedMotion } from './motion.ts';

const MOBILE_MAX_WIDTH = 768;
const WHATSAPP_RATIO = 0.2;
const TO_TOP_RATIO = 0.4;

function scrollRatio(): number {
  const scrollable = document.documentElement.scrollHeight - innerHeight;
  return scrollable > 0 ? scrollY / scrollable : 0;
}

export function initFloating(root: ParentNode = document): void {
  // `.fab-whatsapp` too: the contract names [data-fab-whatsapp], and the class alone must not break it.
  const whatsapp = root.querySelector<HTMLElement>('[data-fab-whatsapp], .fab-whatsapp');
  const toTop = root.querySelector<HTMLElement>('[data-to-top]');
  if (!whatsapp && !toTop) return;

  const update = () => {
    const ratio = scrollRatio();
    whatsapp?.classList.toggle('is-visible', innerWidth < MOBILE_MAX_WIDTH && ratio > WHATSAPP_RATIO);
    toTop?.classList.toggle('is-visible', ratio > TO_TOP_RATIO);
  };
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      update();
    });
  };
  addEventListener('scroll', schedule, { passive: true });
  addEventListener('resize', schedule, { passive: true });
  update();

  toTop?.addEventListener('click', (event) => {
    event.preventDefault();
    scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    const top = document.getElementById('top');
    if (top) focusElement(top, true);
  });
}
