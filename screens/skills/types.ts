export interface Question {
  id: string;
  question: string;
  answer: string;
}
export interface Skill {
  id: number;
  name: string;
  description: string;
  icon: string;
  questions: Question[];
}
export interface SkillCollection {
  id: number;
  name: string;
  description: string;
  icon: string;
  skillIds: number[];
}
export interface ApplicantSkills {
  applicantId: number;
  skills: { skillId: number; name: string; description?: string; questions: Question[] }[];
}
