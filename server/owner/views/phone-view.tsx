// Telefon: what we say on the phone before we drive (data/phone-script.yaml, handed over in
// site.json), to read out. Read-only here; the same text is printed on the order form /auftrag.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import type { PhoneScript } from '../../../core/schema/phone-script.ts';
import { consolePage, type ConsolePage } from './render.tsx';

export function phonePage(words: ConsoleWords, script: PhoneScript): ConsolePage {
  return consolePage(
    script.heading,
    'phone',
    <>
      <p className="console-note">{words.phone.note}</p>
      <p>{script.intro}</p>
      <ol className="phone-steps">
        {script.steps.map((step) => (
          <li key={step.topic}>
            <h2>{step.topic}</h2>
            <p>{step.say}</p>
          </li>
        ))}
      </ol>
    </>,
  );
}
