import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionTable } from '../dispatcher/types';
import { errors } from '../errors';
import { requireAccess } from '../dispatcher/policy';
import { seedDemoContent } from '../domain/demo';
import { createDemoApplicants } from '../domain/demoApplicants';
import { listEvents } from '../domain/events';
import { newContainerDoc } from '../domain/containers';
import { startWithDefaultEmailTemplates } from '../domain/default-email-templates';
import { DuplicateKeyError } from '../store/port';
import type { PositionDoc } from '../domain/docs';

/** Superuser (odin) actions: demo organisations, demo applicants, and the platform event log. */
export const actions: ActionTable = {
  async create_demoContainer(ctx, data) {
    const containers = ctx.deps.store.collection('containers');
    const taken = () => errors.conflict(sv.server.containerNameTaken, [{ path: '/name', message: sv.server.containerNameTaken }]);
    if (await containers.findOne({ name: data.name })) throw taken();
    const doc = await newContainerDoc(ctx.deps.store, { name: data.name, displayName: data.displayName ?? data.name, plans: ['demo'] });
    try {
      await containers.insertOne(doc);
    } catch (e) {
      if (e instanceof DuplicateKeyError) throw taken();
      throw e;
    }
    await seedDemoContent(ctx.deps, doc);
    await startWithDefaultEmailTemplates(ctx.deps, doc, ctx.principal.email);
    let created = 0;
    if (data.applicants) {
      const positions = await ctx.deps.store.collection<PositionDoc>('positions').find({ containerId: doc.id }, { sort: { id: 1 } });
      for (const p of positions) {
        created += (await createDemoApplicants(ctx.deps, { containerId: doc.id, positionId: p.id, amount: data.applicants })).created;
      }
    }
    return { id: doc.id, name: doc.name, displayName: doc.displayName, applicants: created };
  },

  async create_positionDemoApplicants(ctx, data) {
    return createDemoApplicants(ctx.deps, data);
  },

  async get_events(ctx, data) {
    // Odin reads every container's events; everyone else only containers they hold a right in:
    // the one asked for, or without one, all of theirs.
    if (!ctx.principal.isOdin) {
      if (data.containerId === undefined) {
        const mine = await ctx.deps.store.collection<{ containerId: number }>('memberships').find({ userId: ctx.principal.userId }, { projection: { containerId: 1 } });
        return listEvents(ctx.deps, { ...data, containerIds: [...new Set(mine.map((m) => m.containerId))] });
      }
      await requireAccess(ctx.deps, ctx.principal, 'read', 'container', { containerId: data.containerId });
    }
    return listEvents(ctx.deps, data);
  },
};
