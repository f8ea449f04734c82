import type { ActionTable } from '../../dispatcher/types';
import { channelMessages, listChannels, sendMessage } from '../../domain/chat/chat';
import { meritRequest, myContainers, withdrawApplication } from '../../domain/accounts/candidate';
import { applicationTasks, cancelMyInterview, nameMyReferees, rebookMine } from '../../domain/accounts/candidate-tasks';

/** The candidate area and messages (staff and candidate sides; the domain decides who sees what). */
export const actions: ActionTable = {
  get_myContainers: (ctx) => myContainers(ctx.deps, ctx.principal),
  delete_myApplication: (ctx, data) => withdrawApplication(ctx.deps, ctx.principal, data.id),
  create_meritRequest: (ctx, data) => meritRequest(ctx.deps, ctx.principal, data.id),
  get_myApplicationTasks: (ctx, data) => applicationTasks(ctx.deps, ctx.principal, data.id),
  update_myInterview: (ctx, data) => rebookMine(ctx.deps, ctx.principal, data),
  delete_myInterview: (ctx, data) => cancelMyInterview(ctx.deps, ctx.principal, data),
  create_myReferees: (ctx, data) => nameMyReferees(ctx.deps, ctx.principal, data),
  send_MessageCommand: (ctx, data) => sendMessage(ctx.deps, ctx.principal, data),
  get_MessagingChannels: (ctx, data) => listChannels(ctx.deps, ctx.principal, data.containerId),
  get_channelMessages: (ctx, data) => channelMessages(ctx.deps, ctx.principal, data.channelId),
};
