import type { ActionTable } from '../../dispatcher/types';
import { channelMessages, listChannels, sendMessage } from '../../domain/chat/chat';
import { myContainers, withdrawApplication } from '../../domain/accounts/candidate';

/** The candidate area and messages (staff and candidate sides; the domain decides who sees what). */
export const actions: ActionTable = {
  get_myContainers: (ctx) => myContainers(ctx.deps, ctx.principal),
  delete_myApplication: (ctx, data: { id: number }) => withdrawApplication(ctx.deps, ctx.principal, data.id),
  send_MessageCommand: (ctx, data: { message: string; channelId?: number; containerId?: number }) => sendMessage(ctx.deps, ctx.principal, data),
  get_MessagingChannels: (ctx, data: { containerId: number }) => listChannels(ctx.deps, ctx.principal, data.containerId),
  get_channelMessages: (ctx, data: { channelId: number }) => channelMessages(ctx.deps, ctx.principal, data.channelId),
};
