/** The skills' shapes, as their actions answer them (generated from the action schemas' x-answer). */
import type { ActionAnswer } from '../../schemas/generated/actions';

export type Skill = ActionAnswer['get_containerSkills'][number];
export type Question = Skill['questions'][number];
export type SkillCollection = ActionAnswer['get_competenceTemplates'][number];
