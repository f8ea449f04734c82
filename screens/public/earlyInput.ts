/**
 * What the applicant typed into the server-rendered form before the script took it over
 * (the form works without script, so nothing stops them). React keeps such values in the DOM
 * while hydrating but the form's answers do not hold them; this reads them back so the page
 * adopts them. A field counts when its value or checked state differs from what the server drew.
 */
type UiEntry = { 'ui:widget'?: string } | undefined;

export function typedBeforeLive(root: HTMLElement | null, uiSchema: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!root || !uiSchema) return out;
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
    const widget = (uiSchema[el.name] as UiEntry)?.['ui:widget'];
    if (!widget || widget === 'file' || widget === 'imageBase64' || widget === 'periodCheckbox') continue;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (widget === 'checkbox' && el.checked !== el.defaultChecked) out[el.name] = el.checked;
    } else if (el instanceof HTMLInputElement && el.type === 'radio') {
      if (el.checked && !el.defaultChecked) out[el.name] = el.value;
    } else if (el.value !== el.defaultValue) {
      out[el.name] = el.value === '' ? undefined : el.value;
    }
  }
  return out;
}
