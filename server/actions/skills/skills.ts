import type { ActionTable } from '../../dispatcher/types';
import {
  SKILL_ICONS, applicantSkills, attachSkill, deleteCollection, deleteSkill, detachSkill, listCollections, listSkills, positionSkills, saveApplicantAnswers, saveCollection, saveSkill,
} from '../../domain/skills/skills';

/** Skills (spec document 2 §7): the organisation's skills and collections, position skills, applicant answers. */
export const actions: ActionTable = {
  get_containerSkills: (ctx, data) => listSkills(ctx.deps, data.containerId),
  get_competences: (ctx, data) => listSkills(ctx.deps, data.containerId),
  get_competenceTemplates: (ctx, data) => listCollections(ctx.deps, data.containerId),
  get_skillsIcons: async () => [...SKILL_ICONS],
  add_skillCommand: (ctx, data) => saveSkill(ctx.deps, data.containerId, data.skill),
  delete_skill: (ctx, data) => deleteSkill(ctx.deps, data.containerId, data.id),
  add_skillTemplate: (ctx, data) => saveCollection(ctx.deps, data.containerId, data.template),
  delete_skillTemplate: (ctx, data) => deleteCollection(ctx.deps, data.containerId, data.id),
  get_skillPositions: (ctx, data) => positionSkills(ctx.deps, data.containerId, data.positionId),
  add_skillPosition: (ctx, data) => attachSkill(ctx.deps, data.containerId, data.positionId, data.skillId),
  delete_skillPosition: (ctx, data) => detachSkill(ctx.deps, data.containerId, data.positionId, data.skillId),
  get_applicantSkillsAnswer: (ctx, data) => applicantSkills(ctx.deps, ctx.principal, data.containerId, data.applicantId),
  create_applicantAnswer: (ctx, data) =>
    saveApplicantAnswers(ctx.deps, ctx.principal, data.containerId, data.applicantId, data.skills),
};
