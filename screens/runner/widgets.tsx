import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { IMAGE_LIMITS } from '../../engine/imageLimits';
import { ImageField } from './ImageField';
import { RichText } from '../shared/RichTextLazy';
import { RightsPicker } from '../shared/RightsPicker';
import type { RightId } from '../shared/rights';
import { SecretWidget } from './passwordWidget';
import { PositionChoice } from './verbs/PositionChoice';

/** What a form screen puts in RJSF's formContext for its widgets. */
export interface WidgetContext {
  containerId?: number | undefined;
}

const describedBy = (id: string, errors: string[] | undefined) => (errors?.length ? `${id}__error` : undefined);

/** 'richtext': the one rich-text editor (the tiptap adapter screens/shared/RichText.tsx), sanitised HTML. */
function RichTextWidget({ id, label, value, onChange, rawErrors, required }: WidgetProps) {
  return <RichText id={id} label={label} required={required} value={typeof value === 'string' ? value : ''} onChange={(html) => onChange(html)} describedBy={describedBy(id, rawErrors)} invalid={!!rawErrors?.length} />;
}

/**
 * 'image': an image of the organisation uploaded to the folder named by ui:options.folder
 * (one of engine/imageLimits.ts), checked against the spec's size messages first; the value
 * is the stored image's public URL.
 */
function ImageWidget({ id, label, value, onChange, options, rawErrors, registry }: WidgetProps) {
  const folder = String(options.folder ?? '');
  const { containerId } = (registry.formContext ?? {}) as WidgetContext;
  if (!IMAGE_LIMITS[folder]) throw new Error(`image widget ${id}: ui:options.folder '${folder}' is not one of engine/imageLimits.ts`);
  if (!containerId) return null;
  return <ImageField id={id} label={label} containerId={containerId} folder={folder} value={typeof value === 'string' ? value : ''} onChange={(url) => onChange(url)} error={rawErrors?.[0]} />;
}

/** 'lines': a string array edited as lines of text (empty lines dropped); a refused line is said at the field ('Rad 2: …', formErrors.ts). */
function LinesWidget({ id, value, onChange, rawErrors, disabled, readonly, schema }: WidgetProps) {
  const lines = Array.isArray(value) ? (value as unknown[]).map(String) : [];
  return (
    <textarea
      id={id}
      className="form-control"
      rows={Math.max(3, lines.length + 1)}
      defaultValue={lines.join('\n')}
      disabled={disabled || readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={[schema.description && `${id}__description`, describedBy(id, rawErrors)].filter(Boolean).join(' ') || undefined}
      onChange={(e) => onChange(e.target.value.split('\n').map((l) => l.trim()).filter((l) => l !== ''))}
    />
  );
}

/** 'rights': a colleague's organisation rights, the one control for adding and editing (Administratör keeps Skriva). */
function RightsWidget({ id, value, onChange }: WidgetProps) {
  return <RightsPicker idPrefix={id} value={Array.isArray(value) ? (value as RightId[]) : []} onChange={(next) => onChange(next)} />;
}

/** 'position': one of the organisation's positions by name (PositionChoice), its id the value; `ui:options.among` 'open' (the default) or 'all'. */
function PositionWidget({ id, value, onChange, options, required, disabled, readonly, rawErrors, schema }: WidgetProps) {
  return (
    <PositionChoice
      id={id}
      name={id}
      className="form-control"
      among={options.among === 'all' ? 'all' : 'open'}
      onPage
      required={required}
      disabled={disabled || readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={[schema.description && `${id}__description`, describedBy(id, rawErrors)].filter(Boolean).join(' ') || undefined}
      value={value}
      onChange={(picked) => onChange(picked === '' ? undefined : picked)}
    />
  );
}

/**
 * The admin widget registry of form screens, named by `ui:widget` in a screen's uiSchema
 * (checkboxes, select, textarea… are RJSF's own). Widgets that draw their own label are
 * listed in SELF_LABELLED so the runner hides RJSF's.
 */
export const adminWidgets: RegistryWidgetsType = {
  richtext: RichTextWidget,
  image: ImageWidget,
  lines: LinesWidget,
  rights: RightsWidget,
  secret: SecretWidget,
  position: PositionWidget,
};

export const SELF_LABELLED: ReadonlySet<string> = new Set(['richtext', 'image', 'rights']);
