import { useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { fill } from '../../engine/fill';
import { viewCall } from '../runner/viewCall';
import { useContainer } from '../runner/session/session';
import { useLoad } from '../shared/useLoad';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import { CollectionForm, SkillForm } from './SkillForms';
import { PositionSkills } from './PositionSkills';
import type { Skill, SkillCollection } from './types';
import '../odin/odin.css';

const t = sv.skills;
const call = viewCall('Skills');

/**
 * The view block of /admin/templates/skills (schemas/screens/templates-skills.json): the
 * organisation's skills, skill collections and the skills of each position. It stays code because
 * each row opens its editor in place (a skill's questions, a collection's skills) and the position
 * part attaches skills across two loads.
 */
export default function Skills(_: ViewProps) {
  const container = useContainer();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const data = useLoad(
    async () => ({
      skills: await call('get_containerSkills', { containerId: container.id }),
      collections: await call('get_competenceTemplates', { containerId: container.id }),
      icons: await call('get_skillsIcons', { containerId: container.id }),
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
      await (kind === 'skill' ? call('delete_skill', { containerId: container.id, id }) : call('delete_skillTemplate', { containerId: container.id, id }));
      toast.show(kind === 'skill' ? t.deleted : t.collectionDeleted, 'success');
      data.reload();
    } catch {
      toast.show(t.error, 'error');
    }
  }

  return (
    <>
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
