import { describe, expect, it } from 'vitest';
import { keysOfStep, stepIndex, stepsOf, type StepNode } from '../../../engine/steps';

const field = (key: string, type = 'text', children?: StepNode[]): StepNode => ({ key, type, label: key, children });

describe('stepsOf', () => {
  it('keeps a form without a step boundary as one page', () => {
    const steps = stepsOf([field('a'), field('b')]);
    expect(steps).toHaveLength(1);
    expect(steps[0]!.nodes.map((n) => n.key)).toEqual(['a', 'b']);
    expect(steps[0]!.key).toBeNull();
  });

  it('splits at each boundary and names the step by the boundary label', () => {
    const steps = stepsOf([field('a'), field('s1', 'step'), field('b'), field('c'), field('s2', 'step'), field('d')]);
    expect(steps.map((s) => [s.key, s.title, s.nodes.map((n) => n.key)])).toEqual([
      [null, '', ['a']],
      ['s1', 's1', ['b', 'c']],
      ['s2', 's2', ['d']],
    ]);
  });

  it('drops a boundary that has no field after it, and one at the very start leaves no empty first step', () => {
    const steps = stepsOf([field('s0', 'step'), field('a'), field('s1', 'step'), field('s2', 'step'), field('b'), field('s3', 'step')]);
    expect(steps.map((s) => s.key)).toEqual(['s0', 's2']);
  });

  it('lists the keys of a step with the children of its groups', () => {
    const [step] = stepsOf([field('g', 'group', [field('g1', 'checkbox'), field('g2', 'checkbox')]), field('t')]);
    expect([...keysOfStep(step!)]).toEqual(['g', 'g1', 'g2', 't']);
  });
});

describe('stepIndex', () => {
  it('clamps a step number sent by a browser to the steps there are', () => {
    expect(stepIndex('2', 4)).toBe(2);
    expect(stepIndex('9', 4)).toBe(3);
    expect(stepIndex('-1', 4)).toBe(0);
    expect(stepIndex('x', 4)).toBe(0);
    expect(stepIndex(undefined, 1)).toBe(0);
  });
});
