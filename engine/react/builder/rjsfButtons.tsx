import type { IconButtonProps } from '@rjsf/utils';
import sv from '../../../schemas/messages/sv.json';

const r = sv.builder.rjsf;

/** One of RJSF's array buttons with its Swedish text visible (the core theme draws icon fonts the builder does not load: blank squares). */
function textButton(text: string, className: string) {
  return function TextButton({ iconType: _icon, icon: _i, uiSchema: _u, registry: _r, className: extra, ...rest }: IconButtonProps) {
    return (
      <button type="button" {...rest} className={`bld-array-button ${className} ${extra ?? ''}`.trim()} title={text}>
        {text}
      </button>
    );
  };
}

/** RJSF's button templates for the field editor: labelled, no icon fonts (issue 26). */
export const BUTTON_TEMPLATES = {
  AddButton: textButton(r.add, 'bld-array-add'),
  CopyButton: textButton(r.copy, 'bld-array-copy'),
  MoveDownButton: textButton(r.moveDown, 'bld-array-down'),
  MoveUpButton: textButton(r.moveUp, 'bld-array-up'),
  RemoveButton: textButton(r.remove, 'bld-array-remove'),
};
