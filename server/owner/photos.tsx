// The console's Fotos (docs/owner-console.md, "Photos"): the page, each photo's saved picture made
// small for it, and the save of one photo or of a new gallery photo. Mounted by
// server/owner/content.tsx behind the session check and the same-origin rule of
// server/owner/console.tsx, and saving in the same queue as every data form. The photo, and with it
// the data file written, is one of server/content/photos.ts, looked up by its slug; the request
// names nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { recordSave } from './content-log.ts';
import type { ReactNode } from 'react';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import type { saveQueue } from '../content/data-file.ts';
import { UPLOAD_LIMIT_BYTES } from '../content/photo-image.ts';
import { PHOTO_FIELDS, savePhoto, type PhotoOutcome } from '../content/photo-save.ts';
import { removable, removeGalleryPhoto } from '../content/photo-remove.ts';
import { addGalleryPhoto, galleryAddition } from '../content/photo-add.ts';
import { sitePhotos, type Photo } from '../content/photos.ts';
import { readUpload } from './upload.ts';
import { PhotoConflict, photosPage, PHOTOS_PATH, removePage, type PhotoState } from './views/photos-view.tsx';
import { consolePage, Notice, routerPath, type SendPage } from './views/render.tsx';

/** The photo and the form's few text fields with their multipart framing. */
const BODY_LIMIT = UPLOAD_LIMIT_BYTES + 64 * 1024;
const THUMBNAIL = { width: 400, height: 300 };

interface Context {
  api: ApiContext;
  words: ConsoleWords;
  sendPage: SendPage;
}

/** The page's state after a save of `photo`, and its status. */
function photoAfterSave(outcome: PhotoOutcome, photo: Photo, words: ConsoleWords): { status: number; state: PhotoState; top?: ReactNode } {
  const slug = photo.slug;
  const w = words.form;
  switch (outcome.kind) {
    case 'saved': {
      const texts = outcome.texts.map(({ key, before, after }) => fillSlots(w.change, { label: words.photos.fields[key], before, after }));
      const lines = [fillSlots(words.photos.saved, { name: photo.name }), ...(outcome.picture ? [fillSlots(words.photos.savedPicture, { where: photo.place === 'gallery' ? fillSlots(words.photos.inGallery, { name: photo.name }) : fillSlots(words.photos.page, { page: photo.name }) })] : []), ...texts, ...(outcome.examplesOff ? [fillSlots(words.photos.examplesOff, { lead: outcome.examplesOff })] : []), w.rebuild];
      return { status: 200, state: { slug, saved: lines } };
    }
    case 'removed':
      return { status: 200, state: { slug, saved: [fillSlots(words.photos.removed, { name: photo.name }), w.rebuild] } };
    case 'unchanged':
      return { status: 200, state: { slug, notice: { kind: 'info', text: w.unchanged } } };
    case 'unknownField':
      return { status: 400, state: { slug, notice: { kind: 'error', text: fillSlots(w.unknownField, { name: outcome.name.slice(0, 80) }) } } };
    case 'conflict':
      return { status: 409, state: { slug, notice: { kind: 'error', text: fillSlots(w.conflict, { form: words.photos.title }) } }, top: <PhotoConflict photo={photo} typed={outcome.typed} words={words} /> };
    case 'checkFailed':
      return { status: 503, state: { slug, typed: outcome.typed, notice: { kind: 'error', text: w.checkFailed } } };
    case 'problems':
      return { status: 422, state: { slug, typed: outcome.typed, problems: outcome.problems } };
  }
}

/** A photo's saved picture, small, for the form; only a picture a photo of the data names. */
function thumbnail(dataDir: string, log: ApiContext['log']): RequestHandler<{ slug: string }> {
  return async (req, res) => {
    const photo = sitePhotos(dataDir).find((candidate) => candidate.slug === req.params.slug);
    if (!photo || !/^[a-z0-9-]+\.(jpe?g|png|webp)$/.test(photo.image.value)) return void res.status(404).end();
    try {
      const sharp = (await import('sharp')).default;
      const small = await sharp(readFileSync(join(dataDir, 'images', photo.image.value))).autoOrient().resize({ ...THUMBNAIL, fit: 'cover' }).jpeg({ quality: 70 }).toBuffer();
      res.type('image/jpeg').send(small);
    } catch (error) {
      log(`Owner's console: data/images/${photo.image.value} cannot be shown: ${(error as Error).message}`);
      res.status(404).end();
    }
  };
}

/** The photo a form's slug names: one of the site's, or the gallery's next one (`neu`). */
function photoNamed(dataDir: string, slug: string, words: ConsoleWords, addition = galleryAddition(dataDir, words.photos)): Photo | undefined {
  return addition?.slug === slug ? addition : sitePhotos(dataDir).find((candidate) => candidate.slug === slug);
}

/** A picture over the limit, said at its field, where the owner chooses another; the body was not read, so nothing typed can be shown again. */
function tooLargeState(dataDir: string, slug: string, words: ConsoleWords): PhotoState {
  const text = fillSlots(words.photos.tooLarge, { megabytes: UPLOAD_LIMIT_BYTES / (1024 * 1024) });
  const photo = photoNamed(dataDir, slug, words);
  return photo ? { slug, problems: new Map([[photo.image.path, text]]) } : { slug, notice: { kind: 'error', text } };
}

export function photoRoutes({ api, words, sendPage }: Context, queue: ReturnType<typeof saveQueue>): Router {
  const router = Router();
  const dataDir = api.config.dataDir;
  /** The page with the files as they are now; `failed`: the files could not be read or written as the form. */
  const show = (res: Response, status: number, state?: PhotoState, top?: ReactNode, failed?: unknown) => {
    let page;
    try {
      if (failed) throw failed;
      page = photosPage(words, sitePhotos(dataDir), galleryAddition(dataDir, words.photos), state, top);
    } catch (error) {
      // A data file that cannot be read as the form (a developer's mistake in it): said to both.
      api.log(`Owner's console: the photos cannot be edited or saved: ${(error as Error).message}`);
      page = consolePage(words.photos.title, 'content', <Notice kind="error">{fillSlots(words.form.unreadable, { file: 'data/home.yaml' })}</Notice>);
      status = 503;
    }
    sendPage(res, status, page);
  };
  const notice = (slug: string, kind: 'info' | 'error', text: string): PhotoState => ({ slug, notice: { kind, text } });
  /** Runs a save in the queue of every form and answers with the page; `work` finds no photo: 404. */
  const saveAndShow = async (req: Request, res: Response, slug: string, work: () => Promise<{ photo: Photo; outcome: PhotoOutcome } | null>) => {
    let result;
    try {
      result = await queue(work);
    } catch (error) {
      return show(res, 503, undefined, undefined, error);
    }
    if (result === null) return show(res, 404, notice(slug, 'error', words.photos.notFound));
    recordSave(api.db, req.headers, result.photo.file, result.outcome.kind, result.photo.name);
    const { status, state, top } = photoAfterSave(result.outcome, result.photo, words);
    show(res, status, state, top);
  };

  router.get(routerPath(PHOTOS_PATH), (_req, res) => show(res, 200));

  router.get(`${routerPath(PHOTOS_PATH)}/:slug/bild`, thumbnail(dataDir, api.log));

  router.get(`${routerPath(PHOTOS_PATH)}/:slug/entfernen`, (req, res) => {
    const photo = sitePhotos(dataDir).find((candidate) => candidate.slug === req.params.slug);
    if (!photo || !removable(dataDir, photo)) return show(res, 404, notice(req.params.slug, 'error', words.photos.notFound));
    sendPage(res, 200, removePage(words, photo));
  });

  router.post(`${routerPath(PHOTOS_PATH)}/:slug/entfernen`, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }), async (req, res) => {
    const version = (req.body as Record<string, unknown> | undefined)?.[PHOTO_FIELDS.version];
    await saveAndShow(req, res, req.params.slug, async () => {
      const photo = sitePhotos(dataDir).find((candidate) => candidate.slug === req.params.slug);
      if (!photo || !removable(dataDir, photo)) return null;
      return { photo, outcome: await removeGalleryPhoto(dataDir, photo, version, words, api.log) };
    });
  });

  router.post(`${routerPath(PHOTOS_PATH)}/:slug`, async (req, res) => {
    const slug = req.params.slug;
    let read;
    try {
      read = await readUpload(req, BODY_LIMIT);
    } catch {
      return; // The client went away; there is no one to answer.
    }
    if (read.kind === 'tooLarge' || (read.kind === 'read' && [...read.files.values()].some((file) => file.length > UPLOAD_LIMIT_BYTES))) {
      api.log(`Owner's console: photo ${slug} not saved, the upload is larger than ${UPLOAD_LIMIT_BYTES} bytes.`);
      res.set('Connection', 'close');
      return show(res, 413, tooLargeState(dataDir, slug, words));
    }
    if (read.kind === 'malformed') return show(res, 400, notice(slug, 'error', words.form.malformed));
    const upload = { fields: read.fields, files: read.files };
    await saveAndShow(req, res, slug, async () => {
      const addition = galleryAddition(dataDir, words.photos);
      const photo = photoNamed(dataDir, slug, words, addition);
      if (!photo) return null;
      const outcome = photo === addition ? await addGalleryPhoto(dataDir, photo, upload, words, api.log) : await savePhoto(dataDir, photo, upload, words, api.log);
      return { photo, outcome };
    });
  });
  return router;
}
