import type { ReactNode } from 'react';
import type { IslandName, IslandPropsByName } from '../islands/registry.ts';

/**
 * A React island: its component rendered to HTML now, hydrated in the browser by
 * client/islands.ts with the same props when the visitor first reaches for it. `server`: once
 * the page has loaded, the island's loaded state comes from `src` as HTML with its props (the
 * reviews), and `events` (Server-Sent Events) tell of changes. `holdSubmit`: a form submitted before the island is awake waits for it
 * instead of being sent by the browser (for forms that only make sense with the island). Props
 * stay small.
 */
export function Island<N extends IslandName>({
  name,
  props,
  server,
  holdSubmit = false,
  children,
}: {
  /** The island's name fixes the type of its props (templates/islands/registry.ts). */
  name: N;
  props: IslandPropsByName[N];
  server?: { src: string; events?: string };
  holdSubmit?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      data-island={name}
      data-island-when={server ? 'server' : undefined}
      data-island-src={server?.src}
      data-island-events={server?.events}
      data-island-hold={holdSubmit ? 'submit' : undefined}
      data-props={JSON.stringify(props)}
    >
      {children}
    </div>
  );
}
