import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { snap } from '../support/browser.js';
import { adminPage, frenchAdminSuite, type FrenchAdminApp } from '../support/french-admin.js';
import { getList, type ParticipantRow } from '../support/organisation.js';
import { attachFile, picture } from '../support/thumbnails.js';

interface PersonDetail {
  life: { portrait: { file_id: number; face_id: number | null } | null };
}
interface FamilyAnswer {
  parents: { person: { id: number } }[];
  partners: { relation: { start: { start: { year: number } } | null } }[];
}

/** The account's interface language and dark mode (the app follows the account, not the browser). */
async function setParams(app: FrenchAdminApp, language: string, darkMode: boolean) {
  const answer = await app.api.call('updateUser', { body: { siteparams: { language, darkMode } } });
  expect(answer.status, answer.text).toBe(200);
}

async function personId(app: FrenchAdminApp, name: string): Promise<number> {
  const response = await app.api.request('POST', '/api/participants', { name });
  expect(response.status, response.text).toBe(201);
  return (response.json.participant as { id: number }).id;
}

async function relate(app: FrenchAdminApp, id: number, body: Record<string, unknown>) {
  const response = await app.api.request('POST', `/api/participants/${id}/relations`, body);
  expect(response.status, response.text).toBe(201);
}

const read = async <T>(app: FrenchAdminApp, path: string): Promise<T> => {
  const response = await app.api.request('GET', path);
  expect(response.status, response.text).toBe(200);
  return response.json as T;
};

describe('the person page: a portrait chosen, a marriage edited, a refused parent', () => {
  const ids = { anna: 0, picture: 0 };
  const app = frenchAdminSuite(async (app) => {
    ids.anna = await personId(app, 'Anna Rossi');
    const [giuseppe, maria, luca] = [
      await personId(app, 'Giuseppe Rossi'),
      await personId(app, 'Maria Bianchi'),
      await personId(app, 'Luca Verdi'),
    ];
    await relate(app, ids.anna, { type: 'parent', participant_id: giuseppe });
    await relate(app, ids.anna, { type: 'parent', participant_id: maria });
    await relate(app, ids.anna, {
      type: 'spouse',
      participant_id: luca,
      start: { qualifier: 'exact', start: { year: 1945 } },
      place: { name: 'Roma' },
    });
    // A picture Anna is in (linked to its item).
    const media = await app.api.request('POST', '/api/medias', {
      title: 'Anna à la mer',
      date: '1950-07-01',
      language: 'fr',
      from: [ids.anna],
    });
    expect(media.status, media.text).toBe(201);
    const mediaId = (media.json.item as { id: number }).id;
    await attachFile(app, { id: mediaId, type: 'media' }, 'mer.png', await picture('#1b5e87'));
    const item = await read<{ files: { id: number }[] }>(app, `/api/medias-single/${mediaId}`);
    ids.picture = item.files[0]!.id;
  });

  it('chooses a picture Anna is in as her portrait, then clears it (fr, 1440, light)', async () => {
    const { context, page } = await adminPage(app);
    await page.goto(`/people/${ids.anna}`);
    await page.getByRole('heading', { name: 'Anna Rossi', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Choisir un portrait' }).click();
    const dialog = page.getByRole('dialog', { name: 'Le portrait de Anna Rossi' });
    const choice = dialog.getByRole('button', { name: 'Anna à la mer' });
    await choice.waitFor();
    await dialog.getByText('Aucun visage n’est encore nommé comme cette personne.').waitFor();
    await snap(page, 'family-portrait-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'portrait dialog fr 1440 light');
    await choice.click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await read<PersonDetail>(app, `/api/participants/${ids.anna}`)).life)
      .toMatchObject({ portrait: { file_id: ids.picture, face_id: null } });
    await expect
      .poll(() => page.locator('img.kf-person-face').getAttribute('src'))
      .toContain(String(ids.picture));
    await snap(page, 'family-person-portrait-fr-1440-light');

    // Chosen shows as pressed; "no portrait" clears it.
    await page.getByRole('button', { name: 'Choisir un portrait' }).click();
    await expect.poll(() => choice.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'Aucun portrait' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await read<PersonDetail>(app, `/api/participants/${ids.anna}`)).life)
      .toMatchObject({ portrait: null });
    await context.close();
  }, 120_000);

  it('edits the date of a marriage (fr 375 dark, de 1440 dark)', async () => {
    await setParams(app, 'fr', true);
    const { context, page } = await adminPage(app, {
      width: 375,
      height: 740,
      touch: true,
      colorScheme: 'dark',
    });
    await page.goto(`/people/${ids.anna}`);
    const family = page.getByRole('region', { name: 'Famille' });
    await family.getByText('mariage 1945').waitFor();
    await family.getByRole('button', { name: 'Modifier le lien avec Luca Verdi' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Le lien avec Luca Verdi' });
    const year = dialog.getByRole('group', { name: 'Mariage ou union' }).getByLabel('Année');
    await expect.poll(() => year.inputValue()).toBe('1945');
    await year.fill('1946');
    await snap(page, 'family-relation-fr-375-dark');
    await expectNoSeriousA11yViolations(page, 'relation dialog fr 375 dark');
    await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await family.getByText('mariage 1946').waitFor();
    const answer = await read<FamilyAnswer>(app, `/api/participants/${ids.anna}/family`);
    expect(answer.partners[0]!.relation.start?.start.year).toBe(1946);
    await context.close();

    await setParams(app, 'de', true);
    try {
      const wide = await adminPage(app, { colorScheme: 'dark' });
      await wide.page.goto(`/people/${ids.anna}`);
      const familie = wide.page.getByRole('region', { name: 'Familie' });
      await familie.getByText('Heirat 1946').waitFor();
      await familie.getByRole('button', { name: 'Die Beziehung zu Luca Verdi bearbeiten' }).click();
      await wide.page.getByRole('dialog', { name: 'Die Beziehung zu Luca Verdi' }).waitFor();
      await snap(wide.page, 'family-relation-de-1440-dark');
      await expectNoSeriousA11yViolations(wide.page, 'relation dialog de 1440 dark');
      await wide.context.close();
    } finally {
      await setParams(app, 'fr', false);
    }
  }, 120_000);

  it('a refused new parent leaves no one behind (de 375 light, fr 1440 dark)', async () => {
    await setParams(app, 'de', false);
    try {
      const { context, page } = await adminPage(app, { width: 375, height: 740, touch: true });
      await page.goto(`/people/${ids.anna}`);
      const family = page.getByRole('region', { name: 'Familie' });
      await family.getByRole('button', { name: 'Elternteil hinzufügen' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Angehörige von Anna Rossi' });
      await dialog
        .getByLabel('Elternteil von Anna Rossi')
        .and(page.locator('input'))
        .fill('Dritter Elternteil');
      await dialog.getByRole('option', { name: 'Neue Person: Dritter Elternteil' }).tap();
      // A third birth parent: refused in the server's words, and no one made.
      await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/zwei leibliche/);
      await snap(page, 'family-add-refused-de-375-light');
      await expectNoSeriousA11yViolations(page, 'add relative refused de 375 light');
      const people = await getList<ParticipantRow>(app.api, '/api/participants');
      expect(people.map((p) => p.name)).not.toContain('Dritter Elternteil');
      const family2 = await read<FamilyAnswer>(app, `/api/participants/${ids.anna}/family`);
      expect(family2.parents).toHaveLength(2);
      await context.close();
    } finally {
      await setParams(app, 'fr', true);
    }
    // The portrait dialog in French in the dark, on a wide screen.
    try {
      const { context, page } = await adminPage(app, { colorScheme: 'dark' });
      await page.goto(`/people/${ids.anna}`);
      await page.getByRole('button', { name: 'Choisir un portrait' }).click();
      await page
        .getByRole('dialog', { name: 'Le portrait de Anna Rossi' })
        .getByRole('button', { name: 'Anna à la mer' })
        .waitFor();
      await snap(page, 'family-portrait-fr-1440-dark');
      await expectNoSeriousA11yViolations(page, 'portrait dialog fr 1440 dark');
      await context.close();
    } finally {
      await setParams(app, 'fr', false);
    }
  }, 120_000);
});
