// The icons the site uses (lucide, rendered to inline SVG at build time; no icon font, no request).
import {
  ArrowRight, ArrowUp, BadgeCheck, BadgeEuro, Car, Check, ChevronLeft, ChevronRight, Clock, CreditCard,
  DoorOpen, GraduationCap, Handshake, House, KeyRound, LockKeyhole, Mail, MapPin, Menu, MessageCircle,
  PackageCheck, Phone, ShieldCheck, Star, Timer, Vault, X, type LucideIcon,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  'arrow-right': ArrowRight, 'arrow-up': ArrowUp, 'badge-check': BadgeCheck, 'badge-euro': BadgeEuro,
  car: Car, check: Check, 'chevron-left': ChevronLeft, 'chevron-right': ChevronRight, clock: Clock,
  'credit-card': CreditCard, 'door-open': DoorOpen, 'graduation-cap': GraduationCap, handshake: Handshake,
  house: House, 'key-round': KeyRound, 'lock-keyhole': LockKeyhole, mail: Mail, 'map-pin': MapPin,
  menu: Menu, 'message-circle': MessageCircle, 'package-check': PackageCheck, phone: Phone,
  'shield-check': ShieldCheck, star: Star, timer: Timer, vault: Vault, x: X,
};

export function iconExists(name: string): boolean {
  return name in ICONS;
}

export function Icon({ name, size = 20, className }: { name: string; size?: number; className?: string }) {
  const Component = ICONS[name];
  if (!Component) throw new Error(`Unknown icon "${name}"; known icons: ${Object.keys(ICONS).join(', ')}`);
  return <Component size={size} aria-hidden="true" focusable="false" className={className ?? 'icon'} strokeWidth={2} />;
}
