// The Benachrichtigungen page (/intern/benachrichtigungen) and the devices on the System page:
// the button that subscribes this device (client/push.ts; without JavaScript the page says what it
// needs), every subscribed device with a remove button, and the last delivery and failure.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { CONSOLE_APP_PATHS, CONSOLE_APP_SCOPE } from '../../../core/console-app.ts';
import type { PushDeliveryState } from '../../push/send.ts';
import { failureStatus } from '../../push/send.ts';
import type { PushSubscriptionRow } from '../../push/subscriptions.ts';
import { berlinTime, consolePage, Notice, PostButton, type ConsolePage } from './render.tsx';
import { LOW_REVIEW_STARS } from '../../../core/reviews.ts';

export const PUSH_PATH = '/intern/benachrichtigungen';
export const SUBSCRIBE_PATH = `${PUSH_PATH}/abonnieren`;
export const removeDevicePath = (id: number): string => `${PUSH_PATH}/geraete/${id}/entfernen`;

export interface PushStatus {
  /** Null until `npm run owner:push-keys` has made the key pair. */
  publicKey: string | null;
  devices: readonly PushSubscriptionRow[];
  delivery: PushDeliveryState;
}

type PushWords = ConsoleWords['push'];

function pushFailureText(w: PushWords, failure: NonNullable<PushDeliveryState['lastFailure']>): string {
  const reason = failure.kind === 'rejected' ? fillSlots(w.failures.rejected, { status: failureStatus(failure.error) }) : w.failures[failure.kind];
  return fillSlots(w.failure, { time: berlinTime(failure.at), reason });
}

/** The devices with their remove buttons, the last delivery and the last failure; on this page and the System page. */
export function PushDevices({ w, status, linked = false }: { w: PushWords; status: PushStatus; linked?: boolean }) {
  const { lastSuccessAt, lastFailure } = status.delivery;
  return (
    <section className="push-devices" aria-labelledby="push-devices">
      <h2 id="push-devices">{w.devices}</h2>
      {status.devices.length === 0 ? (
        <p>{w.noDevices}</p>
      ) : (
        <ul className="console-list">
          {status.devices.map((device) => (
            <li key={device.id} id={`geraet-${device.id}`}>
              <span>{fillSlots(w.device, { label: device.label, time: berlinTime(device.created_at) })}</span> <PostButton action={removeDevicePath(device.id)} label={w.remove} />
            </li>
          ))}
        </ul>
      )}
      <dl className="console-facts">
        <dt>{w.lastSuccess}</dt>
        <dd>{lastSuccessAt ? fillSlots(w.success, { time: berlinTime(lastSuccessAt) }) : w.noSuccess}</dd>
        <dt>{w.lastFailure}</dt>
        <dd>{lastFailure ? pushFailureText(w, lastFailure) : w.noFailure}</dd>
      </dl>
      {linked && (
        <p>
          <a href={PUSH_PATH}>{w.systemLink}</a>
        </p>
      )}
    </section>
  );
}

/** The words the script shows, handed over in the markup. */
const scriptWords = (w: PushWords) => JSON.stringify({ working: w.working, enabled: w.enabled, unsupported: w.unsupported, denied: w.denied, failed: w.failed });

export function pushPage(words: ConsoleWords, status: PushStatus, notice: { kind: 'info' | 'error'; text: string } | null): ConsolePage {
  const w = words.push;
  return consolePage(
    w.title,
    'system',
    <>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <p>{fillSlots(w.intro, { low: LOW_REVIEW_STARS })}</p>
      {status.publicKey === null ? (
        <>
          <Notice kind="error">{w.notSetUp}</Notice>
          <pre>
            <code>{w.command}</code>
          </pre>
        </>
      ) : (
        <div data-push-setup="" data-public-key={status.publicKey} data-api={SUBSCRIBE_PATH} data-worker={CONSOLE_APP_PATHS.worker} data-scope={CONSOLE_APP_SCOPE} data-words={scriptWords(w)}>
          <p className="console-notice" data-kind="info" data-push-status="">
            {w.needsScript}
          </p>
          <button className="btn btn-primary" type="button" data-push-enable="" hidden>
            {w.enable}
          </button>
          <p>{w.homeScreen}</p>
          <script src={CONSOLE_APP_PATHS.script} defer />
        </div>
      )}
      <PushDevices w={w} status={status} />
    </>,
  );
}

/** The System page with the devices below what it shows. */
export function withPushDevices(page: ConsolePage, words: ConsoleWords, status: PushStatus): ConsolePage {
  return {
    ...page,
    body: (
      <>
        {page.body}
        <PushDevices w={words.push} status={status} linked />
      </>
    ),
  };
}
