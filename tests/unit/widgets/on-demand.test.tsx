import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, type ReactNode } from 'react';
import type { FieldWidgetDefinition, FieldWidgetProps, WidgetDefinition } from '../../../engine/react/widget-api';
import type { PeriodValue } from '../../../engine/types';
import { builtInWidgets } from '../../../widgets';
import { onDemandWidgets as browserStandIns } from '../../../screens/public/on-demand-widgets.browser';
import { onDemandWidgets as serverWidgets } from '../../../widgets/on-demand';
import { publicFormEngine } from '../../../widgets/precompiled';
import { FormEngineProvider } from '../../../engine/react/context';

/*
 * The apply page's rarely used widgets load on demand in the browser (screens/public/on-demand-widgets.browser.ts)
 * and at once on the server (widgets/on-demand.ts): both halves must say the same as the real
 * widgets, and a stand-in must draw the real widget once its code has arrived.
 */

const real = new Map(builtInWidgets.map((w) => [w.id, w]));
const shape = (w: WidgetDefinition) => ({ id: w.id, kind: w.kind, chrome: w.kind === 'field' ? w.chrome : null, view: Boolean(w.View) });

function periodProps(): FieldWidgetProps<PeriodValue> {
  return {
    id: 'p1',
    fieldKey: 'period1',
    value: { startDate: '2027-06-01', endDate: '2027-06-30', checked: true },
    onChange: () => undefined,
    onBlur: () => undefined,
    onWork: () => undefined,
    disabled: false,
    required: false,
    label: 'Juni',
    isHtml: false,
    data: { startDate: '2027-06-01', endDate: '2027-06-30' },
    options: { fieldType: 'periodCheckbox' },
    choices: [],
    schema: {},
    invalid: false,
  };
}

function inEngine(node: ReactNode) {
  return <FormEngineProvider engine={publicFormEngine()}>{node}</FormEngineProvider>;
}

function periodStandIn(list: readonly WidgetDefinition[]): FieldWidgetDefinition<PeriodValue> {
  const w = list.find((x) => x.id === 'periodCheckbox');
  if (!w || w.kind !== 'field') throw new Error('no periodCheckbox');
  return w;
}

describe('widgets loaded on demand', () => {
  it('stand-ins (browser) and boundary-wrapped widgets (server) have the real widgets’ id, kind, chrome and View, in the same order', () => {
    expect(browserStandIns.map((w) => w.id)).toEqual(serverWidgets.map((w) => w.id));
    for (const w of [...browserStandIns, ...serverWidgets]) {
      const r = real.get(w.id);
      expect(r, w.id).toBeDefined();
      expect(shape(w)).toEqual(shape(r!));
    }
  });

  it('the public engine registers every built-in widget id once', () => {
    expect([...publicFormEngine().widgets.keys()].sort()).toEqual(builtInWidgets.map((w) => w.id).sort());
  });

  // First: the stand-in's code has not loaded yet, so hydration waits at its boundary.
  it('a page the server drew with the real widget hydrates with the stand-in (before its code has loaded) without a mismatch', async () => {
    const { Entry: ServerEntry } = periodStandIn(serverWidgets);
    const html = renderToString(inEngine(<ServerEntry {...periodProps()} />));
    expect(html).toContain('<!--$-->');
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    const errors: unknown[] = [];
    const { Entry } = periodStandIn(browserStandIns);
    await act(async () => {
      hydrateRoot(host, inEngine(<Entry {...periodProps()} />), { onRecoverableError: (e) => errors.push(e) });
    });
    await screen.findByRole('checkbox', { name: /Juni/ });
    expect(errors).toEqual([]);
    expect(host.querySelectorAll('input[type="checkbox"]')).toHaveLength(1);
    host.remove();
  });

  it('a stand-in draws the real widget once its code has loaded', async () => {
    const { Entry } = periodStandIn(browserStandIns);
    render(inEngine(<Entry {...periodProps()} />));
    const box = await screen.findByRole('checkbox', { name: /Juni/ });
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});
