import type { Label } from './types';

/** A labelled choice of one label (an Interest status or a Process level), by id. */
export function LabelSelect({ id, label, labels, value, onChange }: { id: string; label: string; labels: Label[]; value: number; onChange(labelId: number): void }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.currentTarget.value))}>
        {labels.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </>
  );
}
