import { lazy } from 'react';
import type { BindingContext } from './bindings';
import { formCode } from './formCode';
import type { FormPart } from './formPart';
import { isLightForm } from './lightChooser';
import type { ScreenFile } from './types';

/**
 * A page's form block, or a `form` screen: a form of plain fields (lightChooser.ts) is drawn by
 * the light form, without RJSF, the widget registry and ajv; any other by RJSF (FormScreen.tsx).
 * Its own small chunk, so neither the chooser nor the two forms weigh on a page without a form.
 */
const LightFormView = lazy(() => formCode.light().then((m) => ({ default: m.LightFormView })));
const FormPartView = lazy(() => formCode.rjsf().then((m) => ({ default: m.FormPartView })));

export default function FormBlock(props: { part: FormPart; screen: ScreenFile; level: 1 | 2; onSaved?: (done: BindingContext) => void; onSubmit?: () => void }) {
  const Form = isLightForm(props.part) ? LightFormView : FormPartView;
  return <Form {...props} />;
}
