// /intern/inhalte/start (docs/owner-console.md, "Going live from the console"): every open item of
// the go-live check in German, grouped as the check groups them, each with a link to the form that
// resolves it. The items of data/ come from the build's checks run on data/ as saved now
// (build/check-data.ts, with the server's SITE_URL, as the console's builds get it), so an item
// resolved in a form leaves the list before it is published; the items of running the site (mail,
// password, backup) from the server (server/owner/go-live.ts). "Nothing left" is said by the rule
// of a production build, as the preview counts (refusedInProduction): an example SITE_URL too.
import { Router } from 'express';
import { GO_LIVE_GROUPS, refusedInProduction, type GoLiveItem } from '../../core/go-live.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import { checkDataFolder, readDataFile } from '../content/data-file.ts';
import { DATA_FORMS, dataOf, type DataForm } from '../content/forms.ts';
import type { FieldGroup, FormField } from '../content/form-fields.ts';
import { sitePhotos } from '../content/photos.ts';
import type { ContentService } from '../content/publisher.ts';
import { runningItems } from './go-live.ts';
import { formPath } from './views/content-view.tsx';
import { PHOTOS_PATH, photoPath } from './views/photos-view.tsx';
import { PLACES_PATH } from './views/places-view.tsx';
import { goLiveText } from './views/go-live-view.tsx';
import { consolePage, Notice, routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';

export const START_PATH = `${SECTION_PATHS.content}/start`;

/** The form that edits the item's file and field (of several forms of one file, the one with a field at or below it), with that field's label and group; null when no form has a field for it. */
export function formOfItem(item: GoLiveItem, words: ConsoleWords, dataDir: string): { form: DataForm; label: string | null; group: string | null } | null {
  const field = item.slots.field ?? '';
  const fieldIn = (form: DataForm): { field: FormField | null; group: FieldGroup | null } | undefined => {
    try {
      const data = dataOf(form, readDataFile(dataDir, form.file).text);
      // A field covers its own path and those it derives (the phone number typed once sets phone.e164 too).
      const groups = form.groups(data, words, dataDir);
      const paths = (candidate: FormField) => (candidate.derive ? candidate.derive(candidate.value).map((edit) => edit.path) : [candidate.path]);
      const covering = groups.flatMap((group) => group.fields.filter((candidate) => paths(candidate).some((path) => path === field || path.startsWith(`${field}.`) || field.startsWith(`${path}.`))).map((candidate) => ({ field: candidate, group })));
      if (covering.length === 0) return undefined;
      return covering.find((candidate) => paths(candidate.field).includes(field)) ?? (covering.length === 1 ? covering[0]! : { field: null, group: null });
    } catch {
      return undefined;
    }
  };
  for (const form of DATA_FORMS.filter((candidate) => item.slots.file === `data/${candidate.file}`)) {
    const found = fieldIn(form);
    if (found !== undefined) return { form, label: found.field?.label ?? null, group: found.group?.title ?? null };
  }
  return null;
}

/** The kinds named by their field's label; the other texts quote the promise, or the field's group (an invented team) or the form's name (a lawyer's check) says it. */
const NAMED_KINDS: ReadonlySet<GoLiveItem['kind']> = new Set(['example', 'missing', 'reviewLink', 'placeholder']);

interface Fix {
  href: string;
  title: string;
  /** What the item is about in the owner's words: the field's label, the photo's name. */
  about: string | null;
}

/** Where the owner resolves an item of data/: its data form, the photo's page or the places' page; null where only the technician can. */
function fixOf(item: GoLiveItem, words: ConsoleWords, dataDir: string): Fix | null {
  const file = item.slots.file ?? '';
  if (file.startsWith('data/images/')) {
    const photo = sitePhotos(dataDir).find((candidate) => `data/images/${candidate.image.value}` === file);
    return photo ? { href: photoPath(photo.slug), title: words.photos.title, about: fillSlots(words.start.photo, { name: photo.name }) } : { href: PHOTOS_PATH, title: words.photos.title, about: null };
  }
  if (file.startsWith('data/places/')) return { href: PLACES_PATH, title: words.places.title, about: null };
  const found = formOfItem(item, words, dataDir);
  return found ? { href: formPath(found.form), title: found.form.title(words), about: NAMED_KINDS.has(item.kind) ? found.label : item.kind === 'lawyer' ? null : found.group } : null;
}

function Item({ item, words, dataDir }: { item: GoLiveItem; words: ConsoleWords; dataDir: string }) {
  const fix = item.running ? null : fixOf(item, words, dataDir);
  return (
    <li data-kind={item.kind}>
      {fix?.about ? <strong>{fix.about}: </strong> : null}
      {goLiveText(words, item)}{' '}
      {fix ? (
        <a href={fix.href}>{fillSlots(words.start.fix, { form: fix.title })}</a>
      ) : item.running ? (
        <a href={SECTION_PATHS.system}>{words.start.system}</a>
      ) : (
        words.start.technician
      )}
    </li>
  );
}

export function startRoutes({ api, words, sendPage, service }: { api: ApiContext; words: ConsoleWords; sendPage: SendPage; service: ContentService }): Router {
  const router = Router();
  router.get(routerPath(START_PATH), async (_req, res) => {
    const dataDir = service.dataDir;
    let dataItems: GoLiveItem[];
    try {
      dataItems = (await checkDataFolder(dataDir, api.config.siteUrl)).goLive;
    } catch (error) {
      api.log(`Owner's console: the go-live list could not be made: ${(error as Error).message}`);
      return sendPage(res, 503, consolePage(words.start.title, 'content', <Notice kind="error">{words.form.checkFailed}</Notice>));
    }
    const { production } = api.config;
    // The SITE_URL items come with the data's; the others about running the site count in production (as on the System page).
    const running = production ? await runningItems(api.db, api.config, new Date()) : [];
    const items = [...dataItems.filter((item) => production || !item.running || refusedInProduction(item)), ...running];
    const required = items.filter(refusedInProduction);
    sendPage(
      res,
      200,
      consolePage(
        words.start.title,
        'content',
        <>
          <p>{words.start.intro}</p>
          {required.length === 0 && <p>{words.start.ready}</p>}
          {GO_LIVE_GROUPS.map((group) => {
            const inGroup = items.filter((item) => item.group === group);
            return (
              inGroup.length > 0 && (
                <section key={group} data-group={group}>
                  <h2>{words.goLive.groups[group]}</h2>
                  <ul className="console-list-plain">
                    {inGroup.map((item, index) => (
                      <Item key={index} item={item} words={words} dataDir={dataDir} />
                    ))}
                  </ul>
                </section>
              )
            );
          })}
        </>,
      ),
    );
  });
  return router;
}
