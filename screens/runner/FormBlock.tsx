import { lazy } from 'react';
import type { BindingContext } from './bindings';
import { formCode } from './formCode';
import type { FormPart } from './formPart';
import type { ScreenFile } from './types';

/**
 * A page's form block, or a `form` screen: a form of plain fields is drawn by the light form,
 * without RJSF, the widget registry and ajv; any other by RJSF (FormScreen.tsx). The choice
 * (`light`) was made when the route table was built (lightChooser.ts, routeTable.ts), so the
 * chooser never reaches the browser. Its own small chunk, so neither form weighs on a page without one.
 */
const LightFormView = lazy(() => formCode.light().then((m) => ({ default: m.LightFormView })));
const FormPartView = lazy(() => formCode.rjsf().then((m) => ({ default: m.FormPartView })));

export default function FormBlock({ light, ...props }: { light: boolean; part: FormPart; screen: ScreenFile; level: 1 | 2; onSaved?: (done: BindingContext) => void; onSubmit?: () => void }) {
  const Form = light ? LightFormView : FormPartView;
  return <Form {...props} />;
}
