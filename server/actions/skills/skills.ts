import type { ActionTable } from '../../dispatcher/types';
import {
  SKILL_ICONS, applicantSkills, attachSkill, deleteCollection, deleteSkill, detachSkill, listCollections, listSkills, positionSkills, saveApplicantAnswers, saveCollection, saveSkill,
} from '../../domain/skills/skills';

type SkillInput = Parameters<typeof saveSkill>[2];
type TemplateInput = Parameters<typeof saveCollection>[2];
type Answer = Parameters<typeof saveApplicantAnswers>[4];

/** Skills (spec document 2 §7): the organisation's skills and collections, position skills, applicant answers. */
export const actions: ActionTable = {
  get_containerSkills: (ctx, data: { containerId: number }) => listSkills(ctx.deps, data.containerId),
  get_competences: (ctx, data: { containerId: number }) => listSkills(ctx.deps, data.containerId),
  get_competenceTemplates: (ctx, data: { containerId: number }) => listCollections(ctx.deps, data.containerId),
  get_skillsIcons: async () => [...SKILL_ICONS],
  add_skillCommand: (ctx, data: { containerId: number; skill: SkillInput }) => saveSkill(ctx.deps, data.containerId, data.skill),
  delete_skill: (ctx, data: { containerId: number; id: number }) => deleteSkill(ctx.deps, data.containerId, data.id),
  add_skillTemplate: (ctx, data: { containerId: number; template: TemplateInput }) => saveCollection(ctx.deps, data.containerId, data.template),
  delete_skillTemplate: (ctx, data: { containerId: number; id: number }) => deleteCollection(ctx.deps, data.containerId, data.id),
  get_skillPositions: (ctx, data: { containerId: number; positionId: number }) => positionSkills(ctx.deps, data.containerId, data.positionId),
  add_skillPosition: (ctx, data: { containerId: number; positionId: number; skillId: number }) => attachSkill(ctx.deps, data.containerId, data.positionId, data.skillId),
  delete_skillPosition: (ctx, data: { containerId: number; positionId: number; skillId: number }) => detachSkill(ctx.deps, data.containerId, data.positionId, data.skillId),
  get_applicantSkillsAnswer: (ctx, data: { applicantId: number; containerId: number }) => applicantSkills(ctx.deps, ctx.principal, data.containerId, data.applicantId),
  create_applicantAnswer: (ctx, data: { applicantId: number; containerId: number; skills: Answer }) =>
    saveApplicantAnswers(ctx.deps, ctx.principal, data.containerId, data.applicantId, data.skills),
};
