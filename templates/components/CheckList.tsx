import { Icon } from './Icon.tsx';

/** A list of promises with a check mark each (benefits, features, advantages). */
export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={18} />
          {item}
        </li>
      ))}
    </ul>
  );
}
