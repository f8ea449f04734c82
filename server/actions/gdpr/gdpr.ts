import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { findPerson } from '../../domain/gdpr/gdpr';
import { positionNames } from '../../domain/positions/positions';
import { collectPerson } from '../../domain/gdpr/personal';
import type { ApplicationDoc } from '../../domain/core/docs';

/** GDPR for an organisation's Administrator: find a person, export everything about them. Erasure is delete_ApplicantFromContainer. */
export const actions: ActionTable = {
  async get_gdprPerson(ctx, data) {
    const person = await findPerson(ctx.deps, data.containerId, data.query);
    if (!person) throw errors.notFound(sv.gdpr.notFound);
    const found = await collectPerson(ctx.deps, data.containerId, person);
    const apps = (found.find((f) => f.holder.collection === 'applications')?.docs ?? []) as ApplicationDoc[];
    const names = await positionNames(ctx.deps.store, [...new Set(apps.map((a) => a.positionId))]);
    return {
      emails: person.emails,
      personnummer: person.knownSsns,
      sameSsnEmails: person.sameSsnEmails,
      name: apps[0]?.info?.name ?? '',
      applications: apps.map((a) => ({ id: a.id, positionId: a.positionId, positionName: names.get(a.positionId) ?? '', created: a.created })),
      counts: Object.fromEntries(found.map((f) => [f.holder.collection, f.docs.length])),
    };
  },

  async create_userExport(ctx, data) {
    const person = await findPerson(ctx.deps, data.containerId, data.email);
    if (!person) throw errors.notFound(sv.gdpr.notFound);
    // pdfkit and the fonts load with the first export, not with every start-up.
    const { exportPerson } = await import('../../domain/gdpr/gdprExport');
    return exportPerson(ctx.deps, data.containerId, person);
  },
};
