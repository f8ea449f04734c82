import sv from '../../schemas/messages/sv.json';
import { isRejectedLabel } from '../../engine/labels';
import type { Label } from './types';

const t = sv.applicants.applicant;

/**
 * An applicant's Interest label or Process level as a chip (issue 26: the chips looked alike).
 * A status is a filled pill in its tone (neutral for the default, red with a cross for 'Ej
 * intressant', blue for the others); a Process level is an outlined box with a step arrow.
 * Each says which kind it is to a screen reader ('Status: Kanske').
 */
export function LabelChip({ label, className = '' }: { label: Label; className?: string }) {
  const kind = label.labelType === 'Process' ? 'process' : isRejectedLabel(label) ? 'no' : label.isDefault ? 'new' : 'interest';
  return (
    <span className={`apl-chip apl-chip-${kind} ${className}`.trim()} data-label={label.id}>
      <span className="bk-visually-hidden">{label.labelType === 'Process' ? t.process : t.status}: </span>
      {label.name}
    </span>
  );
}
