// The owner's publishes as commits of data/ in a real git repository (server/content/history.ts):
// a developer's clone sees them with their author, an undo is a new commit that restores the data
// as it was, and an undo that would lose or mix something is refused without changing a file.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { commitData, listPublishes, revertPublish, unpublishedFiles } from '../../server/content/history.ts';
import { ROOT } from '../support/data-copy.ts';
import { tempDir } from '../support/temp-dir.ts';

let repo: string;
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Entwickler', '-c', 'user.email=dev@example.invalid', ...args], { cwd: repo, encoding: 'utf8' });
const prices = () => readFileSync(join(repo, 'data', 'prices.yaml'), 'utf8');
/** The line of the door that fell shut, as the shipped data has it. */
const DOOR = /(id: tuer-zugefallen\n(?:.*\n)*?    price: )(\d+)/;
const doorPrice = () => Number(DOOR.exec(prices())![2]);
const withDoorPrice = (price: number) => writeFileSync(join(repo, 'data', 'prices.yaml'), prices().replace(DOOR, `$1${price}`));

beforeEach(() => {
  repo = tempDir('content-history-');
  mkdirSync(join(repo, 'data'));
  cpSync(join(ROOT, 'data', 'prices.yaml'), join(repo, 'data', 'prices.yaml'));
  writeFileSync(join(repo, 'README.md'), 'Projekt\n');
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'Start');
});

describe('publishing commits data/', () => {
  it('commits the changed data as the owner, with the message, and lists it first', async () => {
    const before = doorPrice();
    withDoorPrice(before + 10);
    expect(await unpublishedFiles(repo)).toEqual(['data/prices.yaml']);
    const commit = await commitData(repo, 'Preise: Zugefallene Tür');
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(await unpublishedFiles(repo)).toEqual([]);
    expect(git('log', '-1', '--format=%an <%ae>|%s')).toBe('Inhaber (Konsole) <inhaber@konsole.invalid>|Preise: Zugefallene Tür\n');
    const [latest, first] = await listPublishes(repo);
    expect(latest).toMatchObject({ commit, author: 'Inhaber (Konsole)', subject: 'Preise: Zugefallene Tür', files: ['data/prices.yaml'] });
    expect(first).toMatchObject({ author: 'Entwickler', subject: 'Start', files: ['data/prices.yaml'] });
  });

  it('commits nothing when data/ has not changed, and never what a developer left outside data/', async () => {
    expect(await commitData(repo, 'nichts')).toBeNull();
    writeFileSync(join(repo, 'README.md'), 'Projekt, geändert\n');
    git('add', 'README.md');
    withDoorPrice(doorPrice() + 1);
    await commitData(repo, 'Preise');
    expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('data/prices.yaml');
    expect(git('diff', '--cached', '--name-only').trim()).toBe('README.md');
  });
});

describe('undo', () => {
  it('restores the data as it was before the publish, as a new commit of the owner', async () => {
    const original = prices();
    withDoorPrice(doorPrice() + 10);
    const commit = (await commitData(repo, 'Preise: Zugefallene Tür'))!;
    expect(await revertPublish(repo, commit)).toEqual({ ok: true });
    expect(await commitData(repo, 'Rückgängig: Preise: Zugefallene Tür')).toMatch(/^[0-9a-f]{40}$/);
    expect(prices()).toBe(original);
    expect(git('log', '--format=%an|%s').split('\n').slice(0, 3)).toEqual(['Inhaber (Konsole)|Rückgängig: Preise: Zugefallene Tür', 'Inhaber (Konsole)|Preise: Zugefallene Tür', 'Entwickler|Start']);
  });

  it('refuses while saved changes are not published, for an unknown commit, and for a commit beyond data/, changing nothing', async () => {
    withDoorPrice(doorPrice() + 10);
    const commit = (await commitData(repo, 'Preise'))!;
    withDoorPrice(doorPrice() + 5);
    const draft = prices();
    expect(await revertPublish(repo, commit)).toEqual({ ok: false, kind: 'draft', files: ['data/prices.yaml'] });
    expect(prices()).toBe(draft);
    git('checkout', '--', 'data');

    expect(await revertPublish(repo, 'deadbeef')).toMatchObject({ ok: false, kind: 'unknown' });
    expect(await revertPublish(repo, '--help')).toMatchObject({ ok: false, kind: 'unknown' });

    writeFileSync(join(repo, 'README.md'), 'Projekt 2\n');
    withDoorPrice(doorPrice() + 1);
    git('add', '--all');
    git('commit', '--quiet', '-m', 'Entwickler: beides');
    const both = git('rev-parse', 'HEAD').trim();
    expect(await revertPublish(repo, both)).toEqual({ ok: false, kind: 'outsideData', commit: both, files: ['README.md'] });
    expect(git('rev-parse', 'HEAD').trim()).toBe(both);
  });

  it('refuses when a later change of the same line stands in the way, and leaves the files and the history as they were', async () => {
    withDoorPrice(doorPrice() + 10);
    const first = (await commitData(repo, 'Preise: erste Änderung'))!;
    withDoorPrice(doorPrice() + 20);
    await commitData(repo, 'Preise: zweite Änderung');
    const [text, head] = [prices(), git('rev-parse', 'HEAD')];
    expect(await revertPublish(repo, first)).toEqual({ ok: false, kind: 'conflict', commit: first, files: ['data/prices.yaml'] });
    expect(prices()).toBe(text);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe('');
  });
});
