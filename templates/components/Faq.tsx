/** Questions that open one at a time (`<details name>`), without JavaScript; client/accordion.ts reports them. */
export function Faq({ items, group }: { items: { question: string; answer: string }[]; group: string }) {
  return (
    <div className="faq">
      {items.map((item) => (
        <details key={item.question} name={group} data-faq={item.question}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
