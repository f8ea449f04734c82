import { useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { dispatch } from '../api';
import { useContainer } from '../admin/session';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import { CollectionForm, SkillForm } from '../skills/SkillForms';
import { PositionSkills } from '../skills/PositionSkills';
import type { Skill, SkillCollection } from '../skills/types';
import '../odin/odin.css';

const t = sv.skills;

/** /admin/templates/skills: the organisation's skills, skill collections and the skills of each position. */
export default function Skills({ screen }: ViewProps) {
  const container = useContainer();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const data = useLoad(
    async () => ({
      skills: (await dispatch('get_containerSkills', { containerId: container.id })) as Skill[],
      collections: (await dispatch('get_competenceTemplates', { containerId: container.id })) as SkillCollection[],
      icons: (await dispatch('get_skillsIcons', { containerId: container.id })) as string[],
    }),
    String(container.id),
  );
  const [editing, setEditing] = useState<Skill | 'new' | null>(null);
  const [editingCollection, setEditingCollection] = useState<SkillCollection | 'new' | null>(null);

  if (data.loading && !data.data) return <Loading />;
  if (!data.data) return <Failure onRetry={data.reload} />;
  const { skills, collections, icons } = data.data;

  async function remove(kind: 'skill' | 'collection', id: number, name: string) {
    const ok = await confirm({ message: fill(kind === 'skill' ? t.confirmDelete : t.confirmDeleteCollection, { name }), confirmLabel: t.delete, danger: true });
    if (!ok) return;
    try {
      await dispatch(kind === 'skill' ? 'delete_skill' : 'delete_skillTemplate', { containerId: container.id, id });
      toast.show(kind === 'skill' ? t.deleted : t.collectionDeleted, 'success');
      data.reload();
    } catch {
      toast.show(t.error, 'error');
    }
  }

  return (
    <>
      <h1>{screen.title}</h1>
      <h2>{t.skills}</h2>
      {skills.length === 0 && <p>{t.empty}</p>}
      <ul className="skills-list">
        {skills.map((s) => (
          <li key={s.id}>
            <strong>{s.name}</strong> <small>({(t.icons as Record<string, string>)[s.icon] ?? s.icon}, {s.questions.length} {t.questions.toLowerCase()})</small>{' '}
            <button type="button" className="adm-button adm-button-small" onClick={() => setEditing(s)} aria-label={fill(t.editNamed, { name: s.name })}>
              {t.edit}
            </button>{' '}
            <button type="button" className="adm-button adm-button-small adm-button-danger" onClick={() => remove('skill', s.id, s.name)} aria-label={fill(t.deleteNamed, { name: s.name })}>
              {t.delete}
            </button>
          </li>
        ))}
      </ul>
      {editing ? (
        <SkillForm
          key={editing === 'new' ? 'new' : editing.id}
          containerId={container.id}
          skill={editing === 'new' ? undefined : editing}
          icons={icons}
          onDone={(saved) => {
            setEditing(null);
            if (saved) data.reload();
          }}
        />
      ) : (
        <button type="button" className="adm-button adm-button-primary" onClick={() => setEditing('new')}>
          {t.newSkill}
        </button>
      )}

      <h2>{t.collections}</h2>
      {collections.length === 0 && <p>{t.emptyCollections}</p>}
      <ul className="skills-list">
        {collections.map((c) => (
          <li key={c.id}>
            <strong>{c.name}</strong> <small>({c.skillIds.map((id) => skills.find((s) => s.id === id)?.name).filter(Boolean).join(', ')})</small>{' '}
            <button type="button" className="adm-button adm-button-small" onClick={() => setEditingCollection(c)} aria-label={fill(t.editNamed, { name: c.name })}>
              {t.edit}
            </button>{' '}
            <button type="button" className="adm-button adm-button-small adm-button-danger" onClick={() => remove('collection', c.id, c.name)} aria-label={fill(t.deleteNamed, { name: c.name })}>
              {t.delete}
            </button>
          </li>
        ))}
      </ul>
      {editingCollection ? (
        <CollectionForm
          key={editingCollection === 'new' ? 'new' : editingCollection.id}
          containerId={container.id}
          collection={editingCollection === 'new' ? undefined : editingCollection}
          skills={skills}
          icons={icons}
          onDone={(saved) => {
            setEditingCollection(null);
            if (saved) data.reload();
          }}
        />
      ) : (
        <button type="button" className="adm-button adm-button-primary" onClick={() => setEditingCollection('new')}>
          {t.newCollection}
        </button>
      )}

      <h2>{t.positionSkills}</h2>
      <PositionSkills containerId={container.id} skills={skills} />
      {dialog}
    </>
  );
}
