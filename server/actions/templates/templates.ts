import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { createFolder, deleteAsset, folderWithAssets, listFolders, loadFolder, saveAsset } from '../../domain/organisations/assets';
import { loadContainer } from '../../domain/organisations/containers';
import type { ContainerDoc } from '../../domain/core/docs';
import { strip } from '../../domain/core/docs';
import { TEMPLATES_FOLDER, saveTemplate } from '../../domain/templates/templates';
import { exportTemplate, importTemplate } from '../../domain/forms/form-schema';
import { folderImages, uploadFolderImage } from '../../domain/organisations/folderImages';
import { templateRows } from '../../domain/templates/templateList';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };

/** Folders, assets and position templates (templates are assets, spec doc 1 §3). */

async function containerOf(ctx: ActionContext, containerId: number): Promise<ContainerDoc> {
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== containerId) throw errors.forbidden();
  return loadContainer(ctx.deps.store, containerId);
}

function author(ctx: ActionContext): string {
  return `${ctx.principal.givenName} ${ctx.principal.familyName}`.trim() || ctx.principal.email;
}

export const actions: ActionTable = {
  async create_Folder(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return createFolder(ctx.deps, c.id, data.name.trim());
  },

  async get_folders(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return listFolders(ctx.deps.store, c.id);
  },

  async get_folder(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return folderWithAssets(ctx.deps.store, c.id, data.id);
  },

  async get_folderImages(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return folderImages(ctx.deps.store, c.id, data.folder);
  },

  async upload_folderImage(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return uploadFolderImage(ctx.deps, c, data, author(ctx));
  },

  async create_containerAssetCommand(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return saveAsset(ctx.deps, c, data, author(ctx));
  },

  async create_positionTemplateAssetCommand(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    const folder = await loadFolder(ctx.deps.store, c.id, data.folderId);
    if (folder.name !== TEMPLATES_FOLDER) {
      throw errors.invalid([{ path: '/folderId', message: sv.domain.templatesFolderOnly }], sv.domain.templatesFolderOnly);
    }
    return strip(await saveTemplate(ctx.deps, c, folder, data, author(ctx)));
  },

  async get_formTemplates(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return templateRows(ctx.deps.store, c.id);
  },

  async get_formTemplateSchema(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return exportTemplate(ctx.deps, c.id, data.id);
  },

  async import_formTemplateSchema(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return strip(await importTemplate(ctx.deps, c, data, author(ctx)));
  },

  async delete_ContainerAsset(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return deleteAsset(ctx.deps.store, c.id, data.folderId, data.id);
  },
};
