// Telefon: what we say on the phone before we drive (data/phone-script.yaml, handed over in
// site.json), to read out. Read-only here; the order form /auftrag prints it with the same
// component (templates/components/PhoneScript.tsx).
import type { ConsoleWords } from '../../../core/schema/console.ts';
import type { PhoneScript } from '../../../core/schema/phone-script.ts';
import { PhoneScriptText } from '../../../templates/components/PhoneScript.tsx';
import { consolePage, type ConsolePage } from './render.tsx';

export function phonePage(words: ConsoleWords, script: PhoneScript): ConsolePage {
  return consolePage(
    script.heading,
    'phone',
    <>
      <p className="console-note">{words.phone.note}</p>
      <PhoneScriptText script={script} />
    </>,
  );
}
