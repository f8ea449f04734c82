import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScreenFile } from '../../../../screens/runner/types';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../harness';
import { refusal } from '../../fetch';
import { screenFiles } from '../screen-files';
import { SLOW } from '../../../setup/wait';

/** A form of what the light form draws beside the login's fields: the form's description, sections, field descriptions, a text area, an e-mail field, a choice, a telephone field. */
const light: ScreenFile = {
  id: 'light-sample',
  route: '/admin/light-sample',
  title: 'Prov',
  access: 'admin',
  kind: 'form',
  schema: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', title: 'Namn', minLength: 1, maxLength: 20, description: 'Som det står i avtalet.' },
      email: { type: 'string', title: 'E-post', maxLength: 254, 'x-validEmail': {} },
      note: { type: 'string', title: 'Anteckning', maxLength: 10 },
      other: { type: 'string', title: 'Övrigt' },
      level: { type: 'integer', title: 'Nivå', oneOf: [{ const: 3, title: 'Läsa' }, { const: 2, title: 'Skriva' }], default: 2 },
      phone: { type: 'string', title: 'Telefon', maxLength: 30 },
      rights: { type: 'array', title: 'Behörigheter', items: { enum: [1, 2, 3] }, minItems: 1, uniqueItems: true, default: [2] },
    },
  },
  uiSchema: { 'ui:description': 'Fyll i det som gäller er.', email: { 'ui:widget': 'email' }, note: { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } }, phone: { 'ui:options': { inputType: 'tel' } }, rights: { 'ui:widget': 'rights', 'ui:options': { messages: { minItems: 'Välj minst en behörighet' } } } },
  sections: [
    { title: 'Kontakt', description: 'Vem vi når.', fields: ['name', 'email'] },
    { fields: ['note'] },
  ],
  save: { action: 'save_sample', data: { sample: '{form}' } },
  toast: 'Sparat',
};
/** The same form on the RJSF path: a `ui:order` of all fields as they come keeps it there and changes nothing drawn. */
const onRjsf = (form: ScreenFile, id: string): ScreenFile => ({ ...form, id, route: `/admin/${id}`, uiSchema: { ...form.uiSchema, 'ui:order': ['*'] } });
const rjsf = onRjsf(light, 'rjsf-sample');

/** Whole numbers typed in (one 'updown'), radio buttons and check boxes, as on GDPR and Generera data. */
const groups: ScreenFile = {
  id: 'groups-sample',
  route: '/admin/groups-sample',
  title: 'Prov',
  access: 'admin',
  kind: 'form',
  schema: {
    type: 'object',
    required: ['months', 'mode'],
    properties: {
      months: { type: 'integer', title: 'Månader', minimum: 6, maximum: 36, description: 'Mellan 6 och 36.' },
      count: { type: 'integer', title: 'Antal', minimum: 0, maximum: 1000, default: 20 },
      mode: { type: 'string', title: 'Läge', description: 'Vad formulären frågar efter.', oneOf: [{ const: 'birthDate', title: 'Födelsedatum' }, { const: 'ssn', title: 'Personnummer' }], default: 'ssn' },
      roles: { type: 'array', title: 'Roller', uniqueItems: true, description: 'Ser hela numret.', items: { type: 'string', oneOf: [{ const: 'admin', title: 'Administratör' }, { const: 'write', title: 'Skriva' }, { const: 'read', title: 'Läsa' }] } },
    },
  },
  uiSchema: {
    months: { 'ui:options': { messages: { type: 'Ange ett helt antal månader.', minimum: 'Minst 6 månader.', maximum: 'Högst 36 månader.' } } },
    count: { 'ui:widget': 'updown', 'ui:options': { messages: { type: 'Ett heltal.', minimum: 'Minst 0.', maximum: 'Högst 1 000.' } } },
    mode: { 'ui:widget': 'radio' },
    roles: { 'ui:widget': 'checkboxes' },
  },
  save: { action: 'save_sample', data: { sample: '{form}' } },
  toast: 'Sparat',
};

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

/** What a person meets in the form, in order: each group's name and note, each field's role, name, description, type and rows. */
function drawn(form: HTMLElement) {
  const out: string[] = [];
  for (const el of form.querySelectorAll<HTMLElement>('p.adm-hint, fieldset, legend, input, textarea, select, option, button')) {
    if (el.tagName === 'P' && !el.closest('fieldset')) out.push(`intro: ${el.textContent}`);
    else if (el.tagName === 'P') out.push(`note: ${el.textContent}`);
    else if (el.tagName === 'FIELDSET') out.push('group');
    else if (el.tagName === 'LEGEND') out.push(`legend: ${el.textContent}`);
    else if (el.tagName === 'BUTTON') out.push(`button: ${el.textContent}`);
    else if (el.tagName === 'OPTION') out.push(`option ${(el as HTMLOptionElement).value}: ${el.textContent}${(el as HTMLOptionElement).selected ? ' (vald)' : ''}`);
    else {
      const input = el as HTMLInputElement;
      const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).filter(Boolean);
      const label = input.labels?.[0]?.textContent;
      const lock = `${input.readOnly ? ' readonly' : ''}${input.disabled ? ' disabled' : ''}`;
      const range = input.type === 'number' ? ` min=${input.min} max=${input.max} step=${input.step} value=${input.value}` : input.type === 'radio' || (input.type === 'checkbox' && input.name.endsWith('_roles')) ? ` ${input.checked ? 'on' : 'off'}` : '';
      out.push(`${el.tagName.toLowerCase()}#${input.id} ${input.getAttribute('type') ?? ''} rows=${input.getAttribute('rows') ?? ''} label=${label} described=${described.join('|')} in=${el.closest('fieldset')?.querySelector('legend')?.textContent ?? (el.closest('fieldset') ? 'unnamed' : 'none')}${range}${lock}`);
    }
  }
  return out;
}

/**
 * Draws `lightFile` on the light path, then `rjsfFile`, its RJSF twin, each once `ready` has found
 * what it waits for; checks that each path drew its own kind of form and both the same things.
 * `onLight` uses the light path before it is taken down. Answers what the light path drew.
 */
async function bothPaths(lightFile: ScreenFile, rjsfFile: ScreenFile, ready: () => Promise<unknown>, onLight?: () => Promise<void>): Promise<string[]> {
  const draw = async (file: ScreenFile, light: boolean) => {
    const view = renderAdminAt(file.route!, [...screenFiles, file]);
    await ready();
    const forms = [...document.querySelectorAll<HTMLElement>('form')];
    expect(forms.length).toBeGreaterThan(0);
    expect(forms.map((f) => f.classList.contains('scr-light-form'))).toEqual(forms.map(() => light));
    return { view, lines: forms.flatMap(drawn) };
  };
  const onLightPath = await draw(lightFile, true);
  await onLight?.();
  onLightPath.view.unmount();
  const onRjsfPath = await draw(rjsfFile, false);
  expect(onLightPath.lines).toEqual(onRjsfPath.lines.map((line) => line.replaceAll(rjsfFile.id, lightFile.id)));
  return onLightPath.lines;
}

describe('the light form draws the plain admin forms as RJSF does', () => {
  it('the same intro, sections, descriptions, text area and e-mail field on both paths', async () => {
    serveActions({ save_sample: () => ({}) }, { permissions: ['Administrator'] });
    // The rights' control loads with the first form that has one.
    const lightDrawn = await bothPaths(light, rjsf, () => screen.findByRole('checkbox', { name: 'Skriva' }, SLOW));
    expect(lightDrawn).toEqual([
      'intro: Fyll i det som gäller er.',
      'group',
      'legend: Kontakt',
      'note: Vem vi når.',
      expect.stringMatching(/^input#\S+_name text rows= label=Namn\* described=Som det står i avtalet\. in=Kontakt$/),
      expect.stringMatching(/^input#\S+_email email rows= label=E-post described= in=Kontakt$/),
      'group',
      expect.stringMatching(/^textarea#\S+_note {2}rows=4 label=Anteckning described= in=unnamed$/),
      expect.stringMatching(/^input#\S+_other text rows= label=Övrigt described= in=none$/),
      expect.stringMatching(/^select#\S+_level {2}rows= label=Nivå described= in=none$/),
      'option 0: Läsa',
      'option 1: Skriva (vald)',
      expect.stringMatching(/^input#\S+_phone tel rows= label=Telefon described= in=none$/),
      'group',
      'legend: Behörigheter',
      expect.stringMatching(/^input#\S+_rights-1 checkbox rows= label=Administratör described=användare, företagsprofil, integration och allt som Skriva får in=Behörigheter$/),
      expect.stringMatching(/^input#\S+_rights-2 checkbox rows= label=Skriva described=annonser, mallar, annonsbilder och formulärmallar in=Behörigheter$/),
      expect.stringMatching(/^input#\S+_rights-3 checkbox rows= label=Läsa described=kan bara läsa in=Behörigheter$/),
      'button: Spara',
    ]);
  }, 60_000);

  it('the same number inputs, radio buttons and check boxes on both paths', async () => {
    serveActions({ save_sample: () => ({}) }, { permissions: ['Administrator'] });
    const lightDrawn = await bothPaths(
      groups,
      onRjsf(groups, 'rjsf-groups'),
      () => screen.findByRole('button', { name: 'Spara' }, SLOW),
      async () => {
        // The light form names each group by its label (RJSF's label points at a div, which names nothing).
        expect(screen.getByRole('radiogroup', { name: /Läge/ })).toBeTruthy();
        expect(screen.getByRole('group', { name: 'Roller' })).toBeTruthy();
      },
    );
    expect(lightDrawn).toEqual([
      expect.stringMatching(/^input#\S+_months number rows= label=Månader\* described=Mellan 6 och 36\. in=none min=6 max=36 step=1 value=$/),
      expect.stringMatching(/^input#\S+_count number rows= label=Antal described= in=none min=0 max=1000 step= value=20$/),
      expect.stringMatching(/^input#\S+_mode-0 radio rows= label=Födelsedatum described=Vad formulären frågar efter\. in=none off$/),
      expect.stringMatching(/^input#\S+_mode-1 radio rows= label=Personnummer described=Vad formulären frågar efter\. in=none on$/),
      expect.stringMatching(/^input#\S+_roles-0 checkbox rows= label=Administratör described=Ser hela numret\. in=none off$/),
      expect.stringMatching(/^input#\S+_roles-1 checkbox rows= label=Skriva described=Ser hela numret\. in=none off$/),
      expect.stringMatching(/^input#\S+_roles-2 checkbox rows= label=Läsa described=Ser hela numret\. in=none off$/),
      'button: Spara',
    ]);
  }, 60_000);

  it('the same fields read-only, hidden and noted on both paths when the loaded data locks them (readonlyFrom)', async () => {
    const locked: ScreenFile = {
      ...light,
      id: 'locked-sample',
      route: '/admin/locked-sample',
      readonlyFrom: 'data.locked',
      readonlyNote: '{data.lockedNote}',
      load: { action: 'get_sample' },
      schema: {
        type: 'object',
        required: ['email'],
        properties: {
          email: { type: 'string', title: 'E-post', maxLength: 254, 'x-validEmail': {} },
          name: { type: 'string', title: 'Namn', maxLength: 20 },
          phone: { type: 'string', title: 'Telefon', maxLength: 30 },
          agree: { type: 'boolean', title: 'Godkänd' },
          password: { type: 'string', title: 'Ditt lösenord', maxLength: 256 },
        },
      },
      uiSchema: { email: { 'ui:widget': 'email' }, password: { 'ui:widget': 'password', 'ui:autocomplete': 'current-password' } },
      sections: undefined,
    };
    serveActions({ get_sample: () => ({ email: 'anna@exempel.se', name: 'Anna', phone: '', agree: true, locked: ['email', 'phone', 'agree'], lockedNote: 'Bara Anna ändrar sin adress.' }), save_sample: () => ({}) }, { permissions: ['Administrator'] });
    const lightDrawn = await bothPaths(locked, onRjsf(locked, 'rjsf-locked'), async () => {
      await screen.findByText('Bara Anna ändrar sin adress.', {}, SLOW);
      await screen.findByRole('textbox', { name: 'Namn' }, SLOW);
    });
    expect(lightDrawn).toEqual([
      expect.stringMatching(/^input#\S+_email email rows= label=E-post\* described= in=none readonly$/),
      expect.stringMatching(/^input#\S+_name text rows= label=Namn described= in=none$/),
      expect.stringMatching(/^input#\S+_agree checkbox rows= label=Godkänd described= in=none disabled$/),
      expect.stringMatching(/^input#\S+_password password rows= label=Ditt lösenord described= in=none$/),
      'button: Spara',
    ]);
  }, 60_000);

  it("the profile's notification types (allOrSome) on both paths: none stored is every box ticked, all ticked sends none", async () => {
    const profile = screenFiles.find((f) => f.id === 'profile')!.blocks!.find((b) => b.kind === 'form')!;
    const types: ScreenFile = { ...light, id: 'types-sample', route: '/admin/types-sample', schema: profile.schema, uiSchema: profile.uiSchema, sections: undefined, load: { action: 'get_sample' } };
    const calls = serveActions({ get_sample: () => ({ realtime: true, email: false }), save_sample: () => ({}) }, { permissions: ['Administrator'] });
    await bothPaths(
      types,
      onRjsf(types, 'rjsf-types'),
      () => screen.findByRole('checkbox', { name: 'Ny ansökan' }, SLOW),
      async () => {
        expect(screen.getByRole('group', { name: 'Notifikationer jag vill få' })).toBeTruthy();
        expect(screen.getAllByRole('checkbox').filter((b) => b.closest('fieldset')).every((b) => (b as HTMLInputElement).checked)).toBe(true);
        const user = userEvent.setup();
        await user.click(screen.getByRole('checkbox', { name: 'Fel' }));
        await user.click(screen.getByRole('button', { name: 'Spara' }));
        await screen.findByText('Sparat', {}, SLOW);
        await user.click(screen.getByRole('checkbox', { name: 'Fel' }));
        await user.click(screen.getByRole('button', { name: 'Spara' }));
        await expect.poll(() => calls.filter((c) => c.action === 'save_sample').length).toBe(2);
        const sent = calls.filter((c) => c.action === 'save_sample').map((c) => (c.data as { sample: { types?: string[] } }).sample.types);
        expect(sent[0]).toEqual(['create_jobApplication', 'update_jobApplicationStatus', 'application', 'position', 'send_MessageCommand', 'alert', 'Exception', 'other']);
        expect(sent[1]).toBeUndefined();
      },
    );
  }, 60_000);

  it("Inloggning's forms on both paths: a read-only address, lines, a secret, check boxes with their descriptions", async () => {
    const blocks = screenFiles.find((f) => f.id === 'container-login')!.blocks!.filter((b) => b.kind === 'form');
    // The RJSF twin: a `ui:order` of all fields as they come keeps each form there and changes nothing drawn.
    const page = (id: string, onRjsfPath = false): ScreenFile =>
      ({ id, route: `/admin/${id}`, title: 'Prov', access: 'admin', kind: 'page', blocks: blocks.map((b) => ({ ...b, load: { action: `get_${b.id}` }, ...(onRjsfPath ? { uiSchema: { ...b.uiSchema, 'ui:order': ['*'] } } : {}) })) }) as ScreenFile;
    serveActions({ get_sso: () => ({ redirectUri: 'https://blankett.test/cb', issuer: 'https://id.foretaget.se', clientId: 'blankett', domains: ['foretaget.se', 'dotter.se'], enforce: true }), get_mfa: () => ({ requireMfa: false }) }, { permissions: ['Administrator'] });
    const lightDrawn = await bothPaths(page('sso-sample'), page('sso-rjsf', true), async () => {
      await screen.findByRole('checkbox', { name: /Kräv tvåstegsverifiering/ }, SLOW);
      await screen.findByRole('textbox', { name: /Domäner/ }, SLOW);
      expect(document.querySelectorAll('form')).toHaveLength(2);
    });
    expect((screen.getByRole('textbox', { name: /Domäner/ }) as HTMLTextAreaElement).value).toBe('foretaget.se\ndotter.se');
    expect(lightDrawn.filter((l) => /redirectUri|domains|enforce|requireMfa/.test(l))).toEqual([
      expect.stringMatching(/^input#\S+_redirectUri text rows= label=Omdirigeringsadress described= in=none readonly$/),
      expect.stringMatching(/^textarea#\S+_domains {2}rows=3 label=Domäner för personalens e-post described=En domän per rad.* in=none$/),
      expect.stringMatching(/^input#\S+_enforce checkbox rows= label=Kräv inloggning med företagets konto described=När rutan är ikryssad kan personal i domänerna inte logga in.* in=none$/),
      expect.stringMatching(/^input#\S+_requireMfa checkbox rows= label=Kräv tvåstegsverifiering för personalen described=När rutan är ikryssad får personal som inte har lagt till.* in=none$/),
    ]);
  }, 60_000);

  it('refuses a number in its own words, focused, and sends numbers, a choice and the ticked boxes in their order', async () => {
    const calls = serveActions({ save_sample: () => ({}) }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/groups-sample', [...screenFiles, groups]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spara' }, SLOW));
    const months = screen.getByRole('spinbutton', { name: /Månader/ });
    expect(document.activeElement).toBe(months);
    expect(within(months.closest('.form-group') as HTMLElement).getByText('Fältet är obligatoriskt')).toBeTruthy();
    await user.type(months, '40');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(document.activeElement).toBe(months);
    expect(within(months.closest('.form-group') as HTMLElement).getByText('Högst 36 månader.')).toBeTruthy();
    expect(calls.filter((c) => c.action === 'save_sample')).toEqual([]);
    await user.clear(months);
    await user.type(months, '12');
    await user.click(screen.getByRole('radio', { name: 'Födelsedatum' }));
    await user.click(screen.getByRole('checkbox', { name: 'Läsa' }));
    await user.click(screen.getByRole('checkbox', { name: 'Administratör' }));
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'save_sample').map((c) => c.data)).toEqual([{ sample: { months: 12, count: 20, mode: 'birthDate', roles: ['admin', 'read'] } }]);
  }, 60_000);

  it.each([
    ['light', groups],
    ['RJSF', onRjsf(groups, 'rjsf-groups')],
  ])("puts the server's refusal at a check-box group and focuses its first box (%s path)", async (_path, file) => {
    const refused = 'Välj roller som finns.';
    serveActions({ save_sample: () => refusal(400, 'validation_failed', refused, [{ path: '/sample/roles', message: refused }]) }, { permissions: ['Administrator'] });
    renderAdminAt(file.route!, [...screenFiles, file]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('spinbutton', { name: /Månader/ }, SLOW), '12');
    await user.click(screen.getByRole('checkbox', { name: 'Läsa' }));
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    const first = screen.getByRole('checkbox', { name: 'Administratör' });
    expect(await within(first.closest('.form-group') as HTMLElement).findByText(refused, {}, SLOW)).toBeTruthy();
    await expect.poll(() => document.activeElement).toBe(first);
  }, 60_000);

  it.each([
    ['light', groups],
    ['RJSF', onRjsf(groups, 'rjsf-groups')],
  ])('keeps the focus on the save button through a save the server refuses as a whole (%s path)', async (_path, file) => {
    const refused = 'Organisationen måste ha minst en administratör';
    let answer!: (r: Response) => void;
    const calls = serveActions({ save_sample: () => new Promise<Response>((res) => (answer = res)) }, { permissions: ['Administrator'] });
    renderAdminAt(file.route!, [...screenFiles, file]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('spinbutton', { name: /Månader/ }, SLOW), '12');
    const save = screen.getByRole('button', { name: 'Spara' });
    save.focus();
    await user.keyboard('{Enter}');
    // While the save is under way the button says so and stays where the focus is.
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(save);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(refusal(409, 'conflict', refused));
    expect(await screen.findAllByText(refused, {}, SLOW)).not.toHaveLength(0);
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBeNull());
    expect(document.activeElement).toBe(save);
    // The second Enter, while the first save was under way, sent nothing.
    expect(calls.filter((c) => c.action === 'save_sample')).toHaveLength(1);
  }, 60_000);

  it('asks for a required choice drawn as radio buttons at its first button', async () => {
    serveActions({ save_sample: () => ({}) }, { permissions: ['Administrator'] });
    const schema = groups.schema as { properties: Record<string, Record<string, unknown>> };
    const noDefault: ScreenFile = { ...groups, schema: { type: 'object', required: ['mode'], properties: { mode: { ...schema.properties.mode, default: undefined } } }, uiSchema: { mode: { 'ui:widget': 'radio' } } };
    renderAdminAt('/admin/groups-sample', [...screenFiles, noDefault]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spara' }, SLOW));
    const first = screen.getByRole('radio', { name: 'Födelsedatum' }) as HTMLInputElement;
    expect(first.checked).toBe(false);
    expect(document.activeElement).toBe(first);
    expect(within(screen.getByRole('radiogroup').closest('.form-group') as HTMLElement).getByText('Fältet är obligatoriskt')).toBeTruthy();
  }, 60_000);

  it('refuses in Swedish at the fields and sends the answers once they hold', async () => {
    const calls = serveActions({ save_sample: () => ({}) }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/light-sample', [...screenFiles, light]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spara' }, SLOW));
    const name = screen.getByRole('textbox', { name: /Namn/ });
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(name.closest('.form-group') as HTMLElement).getByText('Fältet är obligatoriskt')).toBeTruthy();
    await user.type(name, 'Anna');
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'inte-en-adress');
    await user.type(screen.getByRole('textbox', { name: 'Anteckning' }), 'rad ett{Enter}rad två');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nivå' }), 'Läsa');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    const email = screen.getByRole('textbox', { name: 'E-post' });
    expect(document.activeElement).toBe(email);
    expect(within(email.closest('.form-group') as HTMLElement).getByText('Email är inte giltigt format')).toBeTruthy();
    expect(within(screen.getByRole('textbox', { name: 'Anteckning' }).closest('.form-group') as HTMLElement).getByText('Högst 10 tecken')).toBeTruthy();
    expect(calls.filter((c) => c.action === 'save_sample')).toEqual([]);
    await user.clear(email);
    await user.type(email, 'anna@exempel.se');
    const note = screen.getByRole('textbox', { name: 'Anteckning' });
    await user.clear(note);
    await user.type(note, 'två{Enter}rader');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'save_sample').map((c) => c.data)).toEqual([{ sample: { name: 'Anna', email: 'anna@exempel.se', note: 'två\nrader', level: 3, rights: [2] } }]);
  }, 60_000);

  it("asks for a colleague's right in the field's own words, at its first checkbox", async () => {
    const calls = serveActions({ save_sample: () => ({}) }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/light-sample', [...screenFiles, light]);
    const user = userEvent.setup();
    const write = await screen.findByRole('checkbox', { name: 'Skriva' }, SLOW);
    await user.type(screen.getByRole('textbox', { name: /Namn/ }), 'Anna');
    await user.click(write); // none ticked
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(screen.getByText('Välj minst en behörighet')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Administratör' }));
    expect(calls.filter((c) => c.action === 'save_sample')).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Administratör' })); // brings Skriva with it
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'save_sample').map((c) => c.data)).toEqual([{ sample: { name: 'Anna', level: 2, rights: [1, 2] } }]);
  }, 60_000);

  // RJSF fills a choice that has no value and no default with its first constant (its defaults
  // take a `const`), so a save would send a choice nobody made; the light form shows the empty option and asks.
  it('makes nobody a choice: a required choice without a value or default is asked for', async () => {
    const calls = serveActions({ save_sample: () => ({}) }, { permissions: ['Administrator'] });
    const choice: ScreenFile = {
      ...light,
      schema: { type: 'object', required: ['level'], properties: { level: { type: 'integer', title: 'Nivå', oneOf: [{ const: 3, title: 'Läsa' }, { const: 2, title: 'Skriva' }] } } },
      uiSchema: {},
      sections: undefined,
    };
    renderAdminAt('/admin/light-sample', [...screenFiles, choice]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spara' }, SLOW));
    const level = screen.getByRole('combobox', { name: /Nivå/ }) as HTMLSelectElement;
    expect(level.value).toBe('');
    expect(document.activeElement).toBe(level);
    expect(within(level.closest('.form-group') as HTMLElement).getByText('Fältet är obligatoriskt')).toBeTruthy();
    await user.selectOptions(level, 'Skriva');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparat', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'save_sample').map((c) => c.data)).toEqual([{ sample: { level: 2 } }]);
  }, 60_000);
});
