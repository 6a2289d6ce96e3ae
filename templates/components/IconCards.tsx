import { Icon } from './Icon.tsx';

/** A grid of cards with an icon, a title and a text (values, certificates, tiles). */
export function IconCards({ items, className = 'card-grid' }: { items: readonly { icon: string; title: string; text: string }[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.title} className="card">
          <Icon name={item.icon} size={28} className="icon card-icon" />
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
