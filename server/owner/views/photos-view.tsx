// The Fotos page (/intern/inhalte/fotos, docs/owner-console.md, "Photos"): one form per photo, each
// with the saved picture, a file field for a new one, the part kept when it is cut to 4:3, its
// description and caption; a last form adds a photo to the gallery. Each field is named by its data
// path; a refused save shows its problems next to the fields of that photo and keeps what was typed
// (a browser never keeps a chosen file: the owner chooses it again). Plain forms, no script.
import type { ReactNode } from 'react';
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { fillSlots } from '../../../core/slots.ts';
import { fieldId } from '../../content/form-fields.ts';
import { FOCUS_CHOICES, SMALLEST, UPLOAD_LIMIT_BYTES } from '../../content/photo-image.ts';
import { PHOTO_FIELDS } from '../../content/photo-save.ts';
import type { Photo, PhotoText } from '../../content/photos.ts';
import { consolePage, Notice, SECTION_PATHS, type ConsolePage } from './render.tsx';
import { VersionsTable } from './form-field-view.tsx';
import { PREVIEW_PATH } from './publish-view.tsx';

export const PHOTOS_PATH = `${SECTION_PATHS.content}/fotos`;
/** Its entry in the overview of /intern/inhalte (server/owner/views/content-view.tsx), beside the data forms. */
export const PHOTOS_SECTION = { slug: 'fotos', title: (words: ConsoleWords) => words.photos.title };
export const photoPath = (slug: string): string => `${PHOTOS_PATH}/${slug}`;
/** The saved picture of a photo, small, for the page (server/owner/photos.tsx). */
export const picturePath = (slug: string): string => `${photoPath(slug)}/bild`;
/** The page asking whether to remove a gallery photo, and where its answer is posted. */
export const removePath = (slug: string): string => `${photoPath(slug)}/entfernen`;
/** Only what the site takes; iOS then hands a HEIC photo over as JPEG. */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/** What the last post of one photo's form left to say. */
export interface PhotoState {
  slug: string;
  typed?: ReadonlyMap<string, string>;
  problems?: ReadonlyMap<string, string>;
  notice?: { kind: 'info' | 'error'; text: string };
  /** Lines saying what was saved. */
  saved?: string[];
}

type Words = ConsoleWords['photos'];

const focusId = (slug: string) => `feld-${slug}-focus`;
const idOf = (slug: string, path: string) => (path === PHOTO_FIELDS.focus ? focusId(slug) : fieldId(path));

function PhotoField({ id, label, hint, problem, children }: { id: string; label: string; hint?: string | undefined; problem: string | undefined; children: (described: string | undefined) => ReactNode }) {
  const described = [problem ? `${id}-problem` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="console-field" data-problem={problem ? '' : undefined}>
      <label htmlFor={id}>{label}</label>
      {children(described)}
      {problem && (
        <p className="console-field-problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      {hint && (
        <p className="console-note" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

function PhotoForm({ photo, state, words, isNew = false, canRemove = false }: { photo: Photo; state: PhotoState | undefined; words: Words; isNew?: boolean; canRemove?: boolean }) {
  const f = words.fields;
  const problem = (path: string) => state?.problems?.get(path);
  const invalid = (path: string) => (problem(path) ? true : undefined);
  const hint = fillSlots(f.pictureHint, { megabytes: UPLOAD_LIMIT_BYTES / (1024 * 1024), width: SMALLEST.width, height: SMALLEST.height });
  const text = (key: PhotoText, label: string, extra?: string) => {
    const field = photo.texts[key];
    if (!field) return null;
    const id = fieldId(field.path);
    return (
      <PhotoField key={key} id={id} label={label} hint={extra} problem={problem(field.path)}>
        {(described) => <input id={id} name={field.path} type="text" defaultValue={state?.typed?.get(field.path) ?? field.value} aria-invalid={invalid(field.path)} aria-describedby={described} required />}
      </PhotoField>
    );
  };
  return (
    <form className="console-form" method="post" action={photoPath(photo.slug)} encType="multipart/form-data" id={`foto-${photo.slug}`} noValidate>
      <input type="hidden" name={PHOTO_FIELDS.version} value={photo.version} />
      <fieldset>
        <legend>{photo.name}</legend>
        {!isNew && (
          <figure>
            <img src={picturePath(photo.slug)} alt={photo.texts.alt?.value ?? ''} width={400} height={300} loading="lazy" />
            <figcaption className="console-note">{photo.placeholder ? `${words.current}. ${words.placeholder}` : words.current}</figcaption>
          </figure>
        )}
        <PhotoField id={fieldId(photo.image.path)} label={f.picture} hint={isNew ? hint : `${hint} ${f.keepPicture}`} problem={problem(photo.image.path)}>
          {(described) => <input id={fieldId(photo.image.path)} name={photo.image.path} type="file" accept={ACCEPT} aria-invalid={invalid(photo.image.path)} aria-describedby={described} required={isNew} />}
        </PhotoField>
        <PhotoField id={focusId(photo.slug)} label={f.focus} problem={problem(PHOTO_FIELDS.focus)}>
          {(described) => (
            <select id={focusId(photo.slug)} name={PHOTO_FIELDS.focus} defaultValue={state?.typed?.get(PHOTO_FIELDS.focus) ?? 'centre'} aria-invalid={invalid(PHOTO_FIELDS.focus)} aria-describedby={described}>
              {FOCUS_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {f.focusChoices[choice]}
                </option>
              ))}
            </select>
          )}
        </PhotoField>
        {text('alt', f.alt, f.altHint)}
        {text('title', f.title)}
        {text('subtitle', f.subtitle)}
        <button className="btn btn-primary" type="submit">
          {isNew ? words.add : words.save}
        </button>
        {canRemove && (
          <p>
            <a href={removePath(photo.slug)}>{words.remove}</a>
          </p>
        )}
      </fieldset>
    </form>
  );
}

/** The problems of the photo just posted, linked to their fields, above everything. */
function PhotoProblemList({ state, labels, words }: { state: PhotoState; labels: ReadonlyMap<string, string>; words: ConsoleWords['form'] }) {
  return (
    <div className="console-notice" data-kind="error" role="alert" id="probleme">
      <p>{words.problemsTitle}</p>
      <ul>
        {[...state.problems!].map(([path, text]) => (
          <li key={path}>
            <a href={`#${idOf(state.slug, path)}`}>{labels.get(path) ?? path}</a>: {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** After a conflict: what the owner typed beside what the file holds now, for each text that differs. */
export function PhotoConflict({ photo, typed, words }: { photo: Photo; typed: ReadonlyMap<string, string>; words: ConsoleWords }) {
  const rows = Object.entries(photo.texts).filter(([, field]) => typed.has(field.path) && typed.get(field.path)!.trim() !== field.value);
  if (rows.length === 0) return null;
  return <VersionsTable rows={rows.map(([key, field]) => ({ path: field.path, label: `${photo.name}: ${words.photos.fields[key as PhotoText]}`, yours: typed.get(field.path)!, inFile: field.value }))} words={words.form} />;
}

/** The labels of a photo's fields by name, for the list of problems. */
function labelsOf(photo: Photo | undefined, words: Words): Map<string, string> {
  if (!photo) return new Map();
  const f = words.fields;
  const texts = Object.entries(photo.texts).map(([key, field]) => [field.path, `${photo.name}: ${f[key as PhotoText]}`] as const);
  return new Map([[photo.image.path, `${photo.name}: ${f.picture}`], [PHOTO_FIELDS.focus, `${photo.name}: ${f.focus}`], ...texts]);
}

/** The page: the gallery's photos, the pages' photos, and the form adding a photo (null when the gallery is full). */
export function photosPage(words: ConsoleWords, photos: readonly Photo[], addition: Photo | null, state?: PhotoState, top?: ReactNode): ConsolePage {
  const w = words.photos;
  const stateOf = (photo: Photo) => (state?.slug === photo.slug ? state : undefined);
  const posted = [...photos, ...(addition ? [addition] : [])].find((photo) => photo.slug === state?.slug);
  const pages = photos.filter((photo) => photo.place === 'page');
  const gallery = photos.filter((photo) => photo.place === 'gallery');
  return consolePage(
    w.title,
    'content',
    <>
      {state?.notice && <Notice kind={state.notice.kind}>{state.notice.text}</Notice>}
      {state?.saved && (
        <div className="console-notice" role="status" id="gespeichert">
          {state.saved.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            <a href={PREVIEW_PATH}>{words.publish.toPreview}</a>
          </p>
        </div>
      )}
      {top}
      {state?.problems && state.problems.size > 0 && <PhotoProblemList state={state} labels={labelsOf(posted, w)} words={words.form} />}
      <p className="console-note">{w.intro}</p>
      <h2>{w.gallery}</h2>
      {gallery.map((photo) => (
        <PhotoForm key={photo.slug} photo={photo} state={stateOf(photo)} words={w} canRemove={gallery.length > 1} />
      ))}
      {addition && (
        <>
          <p className="console-note">{w.addIntro}</p>
          <PhotoForm photo={addition} state={stateOf(addition)} words={w} isNew />
        </>
      )}
      {pages.map((photo) => (
        <section key={photo.slug}>
          <h2>{fillSlots(w.page, { page: photo.name })}</h2>
          <PhotoForm photo={photo} state={stateOf(photo)} words={w} />
        </section>
      ))}
    </>,
  );
}

/** Asks whether to remove a gallery photo; the answer is a POST, so a link followed by mistake removes nothing. */
export function removePage(words: ConsoleWords, photo: Photo): ConsolePage {
  const w = words.photos;
  return consolePage(
    w.title,
    'content',
    <>
      <p>{fillSlots(w.removeQuestion, { name: photo.name })}</p>
      <img src={picturePath(photo.slug)} alt={photo.texts.alt?.value ?? ''} width={400} height={300} />
      <p className="console-note">{w.removeNote}</p>
      <form method="post" action={removePath(photo.slug)} id="entfernen">
        <input type="hidden" name={PHOTO_FIELDS.version} value={photo.version} />
        <button className="btn btn-primary" type="submit">
          {w.removeConfirm}
        </button>
      </form>
      <p>
        <a href={PHOTOS_PATH}>{w.cancel}</a>
      </p>
    </>,
  );
}
