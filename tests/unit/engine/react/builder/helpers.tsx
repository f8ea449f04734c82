import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { FormBuilder, type FormBuilderProps } from '../../../../../engine/react/builder';
import type { BuilderForm } from '../../../../../engine/builder';
import type { MetadataProperty } from '../../../../../engine/types';

/**
 * jsdom has no layout: every sortable row is given a box by its place in its list, so
 * dnd-kit's keyboard sensor and collision detection work as in a browser.
 */
export function installRowGeometry(): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function rect(this: Element) {
    const li = this.closest('li[data-key]');
    if (!li || !li.parentElement) return original.call(this);
    const i = Array.from(li.parentElement.children).indexOf(li);
    const top = i * 60;
    return { x: 0, y: top, top, left: 0, width: 400, height: 50, bottom: top + 50, right: 400, toJSON: () => ({}) } as DOMRect;
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}

export function renderBuilder(metadata: MetadataProperty[] = [], props: Partial<FormBuilderProps> = {}) {
  const notify = vi.fn();
  const changes: BuilderForm[] = [];
  const utils = render(
    <FormBuilder
      initial={{ metadata }}
      today="2026-06-01"
      notify={notify}
      preview={false}
      onChange={(f) => changes.push(f)}
      {...props}
    />,
  );
  const latest = () => changes[changes.length - 1] as BuilderForm;
  return { ...utils, notify, latest };
}

export const texts = (...labels: string[]): MetadataProperty[] =>
  labels.map((label, i) => ({ key: `form_text_${1000 + i}`, type: 'text', label, validators: [] }));
