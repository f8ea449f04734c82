import { useMemo } from 'react';
import { useLightForm } from './context';
import FormBlock from './FormBlock';
import type { FormPart } from './formPart';
import { layoutOf } from './Screen';
import type { ScreenFile } from './types';

/**
 * A `form` screen: its form, light or RJSF as its route table entry says (FormBlock.tsx), with
 * the screen's h1 (none in the session card, which has its own). A module of its own, so that
 * the pages' form blocks (the session pages among them) do not carry it.
 */
export default function FormKindScreen({ screen }: { screen: ScreenFile }) {
  const part = useMemo<FormPart>(() => ({ ...screen, title: layoutOf(screen) === 'session' ? '' : screen.title }), [screen]);
  return <FormBlock light={useLightForm(screen.id)} part={part} screen={screen} level={1} />;
}
