import type { ReactNode } from 'react';

/**
 * A React island: its component rendered to HTML now, hydrated in the browser by
 * client/islands.ts with the same props when the visitor first interacts with it. Props stay small.
 */
export function Island({ name, props, children }: { name: string; props: object; children: ReactNode }) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      {children}
    </div>
  );
}
