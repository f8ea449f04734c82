import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { requireAccess } from '../../domain/accounts/access';
import { seedDemoContent } from '../../domain/demo/demo';
import { createDemoApplicants } from '../../domain/demo/demoApplicants';
import { listEvents } from '../../domain/core/events';
import { containerNameTaken, insertContainer, newContainerDoc } from '../../domain/organisations/containers';
import { membershipsOfUser } from '../../domain/accounts/memberships';
import { positionsOfContainer } from '../../domain/positions/positions';
import { startWithDefaultEmailTemplates } from '../../domain/mail/default-email-templates';

/** Superuser (odin) actions: demo organisations, demo applicants, and the platform event log. */
export const actions: ActionTable = {
  async create_demoContainer(ctx, data) {
    const taken = () => errors.conflict(sv.server.containerNameTaken, [{ path: '/name', message: sv.server.containerNameTaken }]);
    if (await containerNameTaken(ctx.deps.store, data.name)) throw taken();
    const doc = await newContainerDoc(ctx.deps.store, { name: data.name, displayName: data.displayName ?? data.name, plans: ['demo'] });
    if (!(await insertContainer(ctx.deps.store, doc))) throw taken();
    await seedDemoContent(ctx.deps, doc);
    await startWithDefaultEmailTemplates(ctx.deps, doc, ctx.principal.email);
    let created = 0;
    if (data.applicants) {
      const positions = await positionsOfContainer(ctx.deps.store, doc.id);
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
        const mine = await membershipsOfUser(ctx.deps.store, ctx.principal.userId);
        return listEvents(ctx.deps, { ...data, containerIds: [...new Set(mine.map((m) => m.containerId))] });
      }
      await requireAccess(ctx.deps, ctx.principal, 'read', 'container', { containerId: data.containerId });
    }
    return listEvents(ctx.deps, data);
  },
};
