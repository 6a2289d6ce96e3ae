// What we say on the phone before we drive (data/phone-script.yaml): its intro, then each topic
// above what is said. One component for both places that show it: the order form /auftrag prints
// it (templates/pages/OrderFormParts.tsx) and the owner's console reads it out
// (server/owner/views/phone-view.tsx), so the two never differ by a word. Its rules are in
// templates/styles/order-form.css, part of the site's stylesheet, which the console loads too.
import type { PhoneScript } from '../../core/schema/phone-script.ts';

export function PhoneScriptText({ script }: { script: PhoneScript }) {
  return (
    <>
      <p>{script.intro}</p>
      <dl className="phone-script">
        {script.steps.map((step) => (
          <div key={step.topic}>
            <dt>{step.topic}</dt>
            <dd>{step.say}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
