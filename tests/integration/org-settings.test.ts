import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { countAll } from './helpers/counts';
import { container, demoPositions, validAnswers } from './helpers/domain';
import { outboxMails, partnerOutbox } from './helpers/mailbox';
import { solidPng } from './helpers/png';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const b64 = (b: Buffer) => b.toString('base64');

describe.each(storeKinds())('organisation settings on the %s store', (kind) => {
  let server: TestServer;
  let admin: string;
  let writer: string;
  let reader: string;
  let containerId: number;
  let positionId: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    [admin, writer, reader] = await Promise.all([server.login(DEMO.admin), server.login(DEMO.writer), server.login(DEMO.reader)]);
    containerId = (await container(server)).id;
    positionId = (await demoPositions(server)).open.id;
  }, 60_000);
  afterAll(() => server?.close());

  const folder = async (name: string) => {
    const list = (await server.call(admin, 'get_folders', { containerId })).body.data as { id: number; name: string }[];
    return list.find((f) => f.name === name)?.id ?? (await server.call(admin, 'create_Folder', { containerId, name })).body.data.id;
  };
  const upload = async (folderName: string, png: Buffer) =>
    server.call(admin, 'create_containerAssetCommand', { containerId, folderId: await folder(folderName), contentType: 'image/png', name: 'bild.png', data: b64(png) });

  describe('company profile', () => {
    it('refuses an organisation number with a wrong check digit at its field and stores nothing', async () => {
      const before = await countAll(server.deps.store);
      const c0 = await container(server);
      const r = await server.call(admin, 'create_containerMetadata', { id: containerId, metadata: { displayName: 'Nytt namn', orgNumber: '556677-8890' } });
      expect(r.status).toBe(400);
      expect(r.body.error.details).toEqual([{ path: '/metadata/orgNumber', message: 'Organisationsnumret är inte giltigt. Skriv det som NNNNNN-NNNN.' }]);
      expect(await countAll(server.deps.store)).toEqual(before);
      expect((await container(server)).displayName).toBe(c0.displayName);
      // A personnummer-shaped number (third digit below 2) is not an organisation's.
      expect((await server.call(admin, 'create_containerMetadata', { id: containerId, metadata: { orgNumber: '811218-9876' } })).status).toBe(400);
    });

    it('stores the profile checked and sanitised, and the public organisation page shows it at once', async () => {
      const logo = await upload('Logotyp', solidPng(64, 64));
      expect(logo.status).toBe(200);
      const logoUrl = `/api/public/open/containers/${containerId}/assets?id=assets/${logo.body.data.id}`;
      const r = await server.call(admin, 'create_containerMetadata', {
        id: containerId,
        metadata: {
          displayName: 'Demo <b>AB</b>',
          orgNumber: '5566778899',
          description: 'Vi <script>alert(1)</script>säljer <img src=x onerror=alert(2)>glass',
          terms: '<p onclick="alert(3)">Villkor <a href="javascript:alert(4)">här</a></p><script>alert(5)</script>',
          email: 'Jobb@Demo.TEST',
          website: 'https://demo.test',
          logo: logoUrl,
          gdprContact: 'dataskydd@demo.test',
          gdprAddress: 'Box 1, 111 11 Stockholm',
          social: { linkedin: 'https://linkedin.com/company/demo' },
          members: ['Demo Syd AB', ' '],
          showAge: false,
        },
      });
      expect(r.status).toBe(200);
      const pub = (await server.request('GET', '/api/public/containers/demo')).body.data;
      expect(pub.displayName).toBe('Demo AB');
      expect(pub.profile).toMatchObject({
        orgNumber: '556677-8899',
        email: 'jobb@demo.test',
        logo: logoUrl,
        gdprContact: 'dataskydd@demo.test',
        members: ['Demo Syd AB'],
        showAge: false,
        // Untouched, it keeps its default: hidden until an administrator turns it on (issue 17).
        showGender: false,
      });
      expect(pub.profile.description).toBe('Vi säljer glass');
      expect(pub.profile.terms).not.toMatch(/script|onclick|javascript:/i);
      expect(pub.profile.terms).toContain('Villkor');
    });

    it('refuses links that are not http(s) and images that are not the organisation’s own', async () => {
      const r = await server.call(admin, 'create_containerMetadata', {
        id: containerId,
        metadata: { website: 'javascript:alert(1)', logo: 'https://tracker.example/x.png', social: { facebook: 'ftp://x' } },
      });
      expect(r.status).toBe(400);
      expect(r.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['/metadata/logo', '/metadata/social/facebook', '/metadata/website']);
    });

    it('is for Administrators only', async () => {
      expect((await server.call(writer, 'create_containerMetadata', { id: containerId, metadata: { displayName: 'X' } })).status).toBe(403);
    });
  });

  describe('images', () => {
    it('refuses an image smaller or larger than its folder allows, in Swedish at the data field', async () => {
      const small = await upload('Annonsbilder', solidPng(100, 50));
      expect(small.status).toBe(400);
      expect(small.body.error.details).toEqual([{ path: '/data', message: 'Bilden är för liten. Minsta storlek är 400x100' }]);
      const large = await upload('Logotyp', solidPng(2100, 40));
      expect(large.body.error.details).toEqual([{ path: '/data', message: 'Bilden är för stor. Max storlek är 2000x2000' }]);
      expect((await upload('Annonsbilder', solidPng(800, 200))).status).toBe(200);
    });

    it('refuses a file over 5 MB with the spec’s message', async () => {
      const big = Buffer.concat([solidPng(800, 200), Buffer.alloc(5_000_001)]);
      const r = await upload('Annonsbilder', big);
      expect(r.status).toBe(400);
      expect(r.body.error.details[0].message).toBe('Filen är för stor. Max 5MB');
    });

    it('keeps an ad image on a position only when it is one of the organisation’s ad images', async () => {
      const banner = await upload('Annonsbilder', solidPng(600, 200));
      const logo = await upload('Logotyp', solidPng(64, 64));
      const p = (await server.call(writer, 'get_position', { id: positionId })).body.data;
      const base = { id: p.id, containerId, name: p.name, start: p.start, stop: p.stop, positionTypeId: p.positionTypeId };
      const url = (id: number) => `/api/public/open/containers/${containerId}/assets?id=assets/${id}`;
      expect((await server.call(writer, 'update_position', { ...base, banner: url(logo.body.data.id) })).status).toBe(400);
      const ok = await server.call(writer, 'update_position', { ...base, banner: url(banner.body.data.id), text: '<p>Hej</p><img src=x onerror="alert(1)"><script>alert(2)</script>' });
      expect(ok.status).toBe(200);
      const pub = (await server.request('GET', `/api/public/positions/${positionId}`)).body.data;
      expect(pub.banner).toBe(url(banner.body.data.id));
      expect(pub.text).toBe('<p>Hej</p>');
    });
  });

  describe('theme', () => {
    it('refuses a colour that is not a colour at its field, and resets to the default', async () => {
      const before = (await server.call(admin, 'get_containerTheme', { containerId })).body.data;
      const bad = await server.call(admin, 'update_containerTheme', { containerId, theme: { button: { backgroundColor: 'blå' } } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].path).toBe('/theme/button/backgroundColor');
      expect((await server.call(admin, 'get_containerTheme', { containerId })).body.data).toEqual(before);
      const saved = await server.call(admin, 'update_containerTheme', { containerId, theme: { button: { backgroundColor: '#0B6E4F', textColor: '#FFFFFF', borderRadius: 'rounded-lg' } } });
      expect(saved.body.data.button).toEqual({ backgroundColor: '#0B6E4F', textColor: '#FFFFFF', borderRadius: 'rounded-lg' });
      expect(saved.body.data.textColor.workAtText).toBe('#333333');
      const reset = await server.call(admin, 'reset_containerTheme', { containerId });
      expect(reset.body.data.button.backgroundColor).toBe('#2522BA');
      expect((await server.call(writer, 'update_containerTheme', { containerId, theme: {} })).status).toBe(403);
    });
  });

  describe('text templates', () => {
    it('creates, updates and deletes templates with sanitised text; an empty title is refused with its own message', async () => {
      const made = await server.call(writer, 'upsert_ContainerTemplate', { containerId, title: 'Om oss', text: '<p>Vi är <strong>bäst</strong></p><script>alert(1)</script>' });
      expect(made.status).toBe(200);
      expect(made.body.data).toMatchObject({ title: 'Om oss', text: '<p>Vi är <strong>bäst</strong></p>' });
      const id = made.body.data.id;
      const updated = await server.call(writer, 'upsert_ContainerTemplate', { containerId, id, title: 'Om företaget', text: '<p onmouseover="x()">Ny</p>' });
      expect(updated.body.data).toMatchObject({ id, title: 'Om företaget', text: '<p>Ny</p>' });
      const empty = await server.call(writer, 'upsert_ContainerTemplate', { containerId, title: '<b></b>', text: 'x' });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe('Mallen måste ha en rubrik');
      const added = await server.call(writer, 'add_textTemplate', { containerId, title: 'Förmåner', text: '<ul><li>Friskvård</li></ul>' });
      expect(added.status).toBe(200);
      const list = (await server.call(reader, 'get_textTemplates', { containerId })).body.data.map((x: { title: string }) => x.title);
      expect(list).toEqual(['Förmåner', 'Om företaget']);
      expect((await server.call(reader, 'upsert_ContainerTemplate', { containerId, title: 'X', text: '' })).status).toBe(403);
      expect((await server.call(writer, 'delete_ContainerTemplate', { containerId, id })).status).toBe(200);
      const missing = await server.call(writer, 'upsert_ContainerTemplate', { containerId, id, title: 'Borta', text: '' });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('Mallen hittades inte');
    });
  });

  describe('notification preferences per position', () => {
    it('decide whether a new application reaches a user in the bell, by mail, or not at all', async () => {
      const set = (token: string, prefs: Record<string, boolean>) =>
        server.call(token, 'update_PositionNotificationPreferences', { containerId, positionId, notificationPreferences: prefs });
      expect((await server.call(admin, 'get_PositionNotificationPreferences', { containerId, positionId })).body.data).toMatchObject({ realtime: true, email: false, inherited: true });
      expect((await set(admin, { realtime: false, email: true })).body.data).toMatchObject({ realtime: false, email: true, inherited: false });
      await set(reader, { realtime: false, email: false });
      const apply = await server.request('POST', '/api/public/positions/apply', {
        action: 'create_jobApplication',
        data: { email: 'sokande.notis@test.se', positionId, metadata: validAnswers('sokande.notis@test.se') },
      });
      expect(apply.status).toBe(201);
      const bell = async (token: string) =>
        ((await server.call(token, 'get_notifications', { containerId })).body.data.items as { type: string; data: { id: number } }[]).filter((n) => n.type === 'create_jobApplication' && n.data.id === apply.body.data.id);
      expect(await bell(writer)).toHaveLength(1);
      expect(await bell(admin)).toHaveLength(0);
      expect(await bell(reader)).toHaveLength(0);
      const mails = await outboxMails(server);
      expect(mails.filter((m) => m.includes(`To: ${DEMO.admin}\r\n`))).toHaveLength(1);
      expect(mails.filter((m) => m.includes(`To: ${DEMO.reader}\r\n`) || m.includes(`To: ${DEMO.writer}\r\n`))).toHaveLength(0);
      // Back to the user's own preferences.
      expect((await set(admin, { inherit: true })).body.data).toMatchObject({ realtime: true, email: false, inherited: true });
    });
  });

  describe('integrations', () => {
    const partnerNames = async () => (await partnerOutbox(server)).map((d) => d.name);

    it('lists the partner types with their JSON Schemas and required fields', async () => {
      const types = (await server.call(reader, 'get_positionsPartnersBuilderQuery', {})).body.data;
      expect(types.map((x: { typeId: number }) => x.typeId)).toEqual([3, 2]);
      expect(types[0].schema.required).toContain('occupationId');
      expect(types[1].schema.required).toContain('categoryId');
    });

    it('refuses publishing typeId 3 with a required field missing, at that field, storing and sending nothing', async () => {
      const before = (await partnerNames()).length;
      const r = await server.call(writer, 'update_PositionPartner', {
        containerId,
        settings: [{ typeId: 3, positionId, isChecked: true, data: { senderId: 'AF-1', address: 'Gatan 1', city: 'Solna', zipCode: '17148', countryCode: 'SE', scheduleType: 'Heltid', timeType: 'Visstid' } }],
      });
      expect(r.status).toBe(400);
      expect(r.body.error.details).toEqual([{ path: '/settings/0/data/occupationId', message: 'Fältet är obligatoriskt' }]);
      expect((await partnerNames()).length).toBe(before);
      expect((await server.call(writer, 'get_PositionsPartnersByPositionId', { containerId, positionId })).body.data.find((x: { typeId: number }) => x.typeId === 3).isChecked).toBe(false);
    });

    it('publishes typeId 3 with the organisation’s defaults filled in: the outgoing document lands in the partner outbox; unchecking withdraws', async () => {
      const org = await server.call(admin, 'update_positionPartnerSetting', { containerId, settings: [{ typeId: 3, isChecked: true, data: { senderId: 'AF-9', countryCode: 'SE', address: 'Lagervägen 1' } }] });
      expect(org.status).toBe(200);
      expect((await server.call(writer, 'update_positionPartnerSetting', { containerId, settings: [] })).status).toBe(403);
      const settings = [{ typeId: 3 as const, positionId, isChecked: true, data: { city: 'Solna', zipCode: '171 48', occupationId: '9321', scheduleType: 'Heltid', timeType: 'Sommarjobb', monthlySalary: 25000 } }];
      const r = await server.call(writer, 'update_PositionPartner', { containerId, settings });
      expect(r.status).toBe(200);
      const published = (await partnerOutbox(server)).filter((d) => d.name.includes(`position-${positionId}-type-3-publish`));
      expect(published).toHaveLength(1);
      const doc = published[0]!.doc;
      expect(doc).toMatchObject({ action: 'publish', typeId: 3, organisation: { id: containerId }, position: { id: positionId }, data: { senderId: 'AF-9', address: 'Lagervägen 1', city: 'Solna', occupationId: '9321', monthlySalary: 25000 } });
      expect((await server.call(reader, 'update_PositionPartner', { containerId, settings })).status).toBe(403);
      await server.call(writer, 'update_PositionPartner', { containerId, settings: [{ ...settings[0]!, isChecked: false }] });
      expect((await partnerNames()).filter((n) => n.includes(`position-${positionId}-type-3-withdraw`))).toHaveLength(1);
    });

    it('refuses a field of the wrong type and an unknown field', async () => {
      const r = await server.call(admin, 'update_positionPartnerSetting', { containerId, settings: [{ typeId: 2, data: { categoryId: 5, bogus: 'x' } }] });
      expect(r.status).toBe(400);
      expect(r.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['/settings/0/data', '/settings/0/data/categoryId']);
    });
  });
});
