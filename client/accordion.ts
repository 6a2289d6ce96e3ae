// Exclusive accordions: `<details name>` closes its siblings natively; older browsers get the
// same behaviour here. Service cards and FAQ items also report their toggles.
import { trackFaqToggle, trackServiceToggle } from './tracking.ts';

const NATIVE_EXCLUSIVE = typeof HTMLDetailsElement !== 'undefined' && 'name' in HTMLDetailsElement.prototype;

export function initAccordions(root: ParentNode = document): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>('details[name]')) {
    if (details.dataset.accordionBound !== undefined) continue;
    details.dataset.accordionBound = '';
    const name = details.getAttribute('name');

    if (!NATIVE_EXCLUSIVE) {
      details.addEventListener('toggle', () => {
        if (!details.open) return;
        for (const other of document.querySelectorAll<HTMLDetailsElement>('details[name]')) {
          if (other !== details && other.getAttribute('name') === name) other.open = false;
        }
      });
    }

    // On the summary's click, not on `toggle`: a card closed because a sibling opened is not
    // the visitor's action and must not count as one.
    details.querySelector(':scope > summary')?.addEventListener('click', () => {
      const expanded = !details.open;
      const { service, faq } = details.dataset;
      if (service) trackServiceToggle(service, expanded);
      else if (faq !== undefined && expanded) {
        trackFaqToggle(faq || details.querySelector('summary')?.textContent?.trim() || '');
      }
    });
  }
}
