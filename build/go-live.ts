// Recognises the shipped example facts, so the build can say that they are still in use.
import type { SiteData } from './data.ts';

export function exampleFacts({ site, home }: SiteData): string[] {
  const found: string[] = [];
  if (/^\+49[1-9]\d{1,4}0{5,}$/.test(site.phone.e164)) found.push('phone');
  if (/^\+49[1-9]\d{1,4}0{5,}$/.test(site.whatsapp.e164)) found.push('WhatsApp');
  if (/@(example\.(com|org|net)|[^@]+\.example)$/i.test(site.email)) found.push('e-mail');
  if (/^muster/i.test(site.address.street) || /mustermann/i.test(site.owner)) found.push('owner and address');
  if (/\.example$/i.test(new URL(site.url).hostname)) found.push('site URL');
  if (home.reviews.examples) found.push('home reviews');
  return found;
}
