// The icons the site uses (lucide, rendered at build time; no icon font, no request). Hidden from
// assistive technology; no `focusable="false"`, which only Internet Explorer needed. Each page
// carries every icon it uses once, as a <symbol> at the end of <body>; an icon is then a short
// <use> reference, so a page with thirty check marks does not repeat thirty paths.
import { createContext, useContext } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  ArrowRight, ArrowUp, BadgeCheck, BadgeEuro, Car, Check, ChevronLeft, ChevronRight, Clock, CreditCard,
  DoorOpen, GraduationCap, Handshake, House, KeyRound, LockKeyhole, Mail, MapPin, Menu, MessageCircle,
  PackageCheck, Phone, ShieldCheck, Star, Timer, Vault, X, type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../../core/icons.ts';

const ICONS: Record<IconName, LucideIcon> = {
  'arrow-right': ArrowRight, 'arrow-up': ArrowUp, 'badge-check': BadgeCheck, 'badge-euro': BadgeEuro,
  car: Car, check: Check, 'chevron-left': ChevronLeft, 'chevron-right': ChevronRight, clock: Clock,
  'credit-card': CreditCard, 'door-open': DoorOpen, 'graduation-cap': GraduationCap, handshake: Handshake,
  house: House, 'key-round': KeyRound, 'lock-keyhole': LockKeyhole, mail: Mail, 'map-pin': MapPin,
  menu: Menu, 'message-circle': MessageCircle, 'package-check': PackageCheck, phone: Phone,
  'shield-check': ShieldCheck, star: Star, timer: Timer, vault: Vault, x: X,
};

/** The icons one page has used so far; the sprite at the end of the page defines exactly these. */
export const IconsUsed = createContext<Set<string> | null>(null);

export function Icon({ name, size = 20, className }: { name: string; size?: number; className?: string }) {
  const used = useContext(IconsUsed);
  if (!(name in ICONS)) throw new Error(`Unknown icon "${name}"; known icons: ${Object.keys(ICONS).join(', ')}`);
  if (!used) {
    const Component = ICONS[name as IconName];
    return <Component size={size} aria-hidden="true" className={className ?? 'icon'} strokeWidth={2} />;
  }
  used.add(name);
  return (
    <svg width={size} height={size} className={className ?? 'icon'} aria-hidden="true">
      <use href={`#i-${name}`} />
    </svg>
  );
}

/** A lucide drawing's content (its paths and circles, without the outer <svg>), made once per icon. */
const drawings = new Map<IconName, string>();
function drawing(name: IconName): string {
  let inner = drawings.get(name);
  if (inner === undefined) {
    const Component = ICONS[name];
    inner = renderToStaticMarkup(<Component />).replace(/^<svg[^>]*>|<\/svg>$/g, '');
    drawings.set(name, inner);
  }
  return inner;
}

/**
 * The symbols of every icon used above it; rendered last in <body>, after all of them. The
 * drawing's attributes (lucide's: no fill, a 2 px round stroke in the text colour) sit on the
 * symbol, which a <use> clones as an <svg> with them, so they reach the paths.
 */
export function IconSprite() {
  const used = useContext(IconsUsed);
  if (!used || used.size === 0) return null;
  return (
    <svg className="icon-sprite" aria-hidden="true">
      {([...used].sort() as IconName[]).map((name) => (
        <symbol
          key={name}
          id={`i-${name}`}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          dangerouslySetInnerHTML={{ __html: drawing(name) }}
        />
      ))}
    </svg>
  );
}
