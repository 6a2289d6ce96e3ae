import { linkParts } from '../../core/linked-text.ts';

/** A data text with its [links](/path) as links: "Mehr in der <a>Datenschutzerklärung</a>." */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={index} href={part.href}>
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
