/** Every built-in widget, registered by id (the ids the compiled uiSchema names in 'ui:widget'). */
import type { WidgetDefinition } from '../engine/react/widget-api';
import { checkboxWidget } from './checkbox/Checkbox';
import { checkboxGroupWidget } from './checkboxGroup/CheckboxGroup';
import { fileWidget } from './file/FileUpload';
import { imageBase64Widget } from './imageBase64/ImageUpload';
import { periodCheckboxWidget, periodGroupWidget } from './periodGroup/PeriodGroup';
import { radioGroupWidget } from './radioGroup/RadioGroup';
import { emailWidget, textareaWidget, textWidget } from './text/TextInput';
import { textWithHelpLinkWidget } from './textWithHelpLink/TextWithHelpLink';

export const builtInWidgets: readonly WidgetDefinition[] = [
  textWidget,
  textareaWidget,
  emailWidget,
  textWithHelpLinkWidget,
  checkboxWidget,
  checkboxGroupWidget,
  radioGroupWidget,
  periodGroupWidget,
  periodCheckboxWidget,
  fileWidget,
  imageBase64Widget,
];

export {
  checkboxWidget,
  checkboxGroupWidget,
  emailWidget,
  fileWidget,
  imageBase64Widget,
  periodCheckboxWidget,
  periodGroupWidget,
  radioGroupWidget,
  textareaWidget,
  textWidget,
  textWithHelpLinkWidget,
};
