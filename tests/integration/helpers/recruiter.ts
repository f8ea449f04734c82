import type { MetadataProperty } from '../../../engine/types';
import { defaultApplicationMetadata } from '../../../server/domain/demo/demo';
import { personnummer } from './domain';
import type { TestServer } from './server';

/**
 * A summer-job form for the position page's filters: the default application form plus the
 * spec's special groups — driving licence (driverlicenseform_1 manual, _2 own car, _3
 * automatic), 'Tjänster' (summerpositionchoicesform) and a staff-made merit group.
 */
export function summerForm(): MetadataProperty[] {
  const box = (key: string, label: string): MetadataProperty => ({ key, type: 'checkbox', label, required: false, isHtml: false, validators: [] });
  const group = (key: string, label: string, children: string[]): MetadataProperty => ({ key, type: 'group', label, required: false, isHtml: false, data: children, validators: [] });
  return [
    ...defaultApplicationMetadata(),
    group('driverlicenseform', 'Körkort', ['driverlicenseform_1', 'driverlicenseform_2', 'driverlicenseform_3']),
    box('driverlicenseform_1', 'Körkort för manuell växellåda'),
    box('driverlicenseform_2', 'Egen bil'),
    box('driverlicenseform_3', 'Körkort för automatväxlad bil'),
    group('summerpositionchoicesform', 'Vilka tjänster söker du?', ['summerpositionchoicesform_1', 'summerpositionchoicesform_2']),
    box('summerpositionchoicesform_1', 'Kassa'),
    box('summerpositionchoicesform_2', 'Lager'),
    group('form_group_1000', 'Meriter', ['form_checkbox_1001']),
    box('form_checkbox_1001', 'Truckkort'),
  ];
}

export interface Person {
  first: string;
  last: string;
  licence?: boolean;
  car?: boolean;
  jobs?: ('Kassa' | 'Lager')[];
  referer?: string;
}

/** Answers a person gives on the summer form (valid for the engine). */
export function summerAnswers(p: Person, email: string, serial: number): Record<string, unknown> {
  return {
    form_firstname: p.first,
    form_surname: p.last,
    form_ssn: personnummer('20040101', String(100 + (serial % 900))),
    form_address: 'Storgatan 1',
    form_zipcode: '11122',
    form_city: 'Stockholm',
    form_mobilePhone: '0701234567',
    form_email: email,
    form_referer: p.referer ?? 'form_referer_2',
    form_agreement: true,
    form_agreement_company: true,
    driverlicenseform_1: !!p.licence,
    driverlicenseform_2: !!p.car,
    summerpositionchoicesform_1: !!p.jobs?.includes('Kassa'),
    summerpositionchoicesform_2: !!p.jobs?.includes('Lager'),
  };
}

/** Creates a position with the summer form through create_position; returns its id. */
export async function summerPosition(server: TestServer, token: string, containerId: number, name = 'Sommarjobb i butik', metadata = summerForm()): Promise<number> {
  const c = await server.deps.store.collection('containers').findOne({ id: containerId });
  const types = (c?.positionTypes ?? []) as { id: number }[];
  const now = server.deps.now();
  const r = await server.call(token, 'create_position', {
    containerId, name, text: '<p>Text</p>', description: 'Sommarjobb', city: 'Stockholm',
    start: now - 3600, stop: now + 31 * 86400, isInternal: false, positionTypeId: types[0]!.id, metadata,
  });
  if (r.status !== 200) throw new Error(`create_position: ${r.status} ${r.text}`);
  return r.body.data.id as number;
}

/** Registers people on a position through the staff create_jobApplication call; returns ids in order. */
export async function register(server: TestServer, token: string, positionId: number, people: Person[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, p] of people.entries()) {
    const email = `${p.first}.${p.last}.${i}@example.se`.toLowerCase().replace(/[^a-z0-9.@]/g, 'x');
    const r = await server.call(token, 'create_jobApplication', { email, positionId, metadata: summerAnswers(p, email, i) });
    if (r.status !== 200) throw new Error(`create_jobApplication: ${r.status} ${r.text}`);
    ids.push(r.body.data.id as number);
  }
  return ids;
}
