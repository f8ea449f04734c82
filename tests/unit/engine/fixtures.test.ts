import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileTemplate, type FormTemplate } from '../../../engine/index';

const read = <T>(name: string): T => JSON.parse(readFileSync(join(process.cwd(), 'tests/fixtures', name), 'utf8')) as T;

describe.each([20, 200])('the %i-field fixture', (n) => {
  const template = read<FormTemplate>(`form-${n}.json`);

  it(`has ${n} fields and compiles`, () => {
    expect(template.metadata).toHaveLength(n);
    expect(() => compileTemplate(template)).not.toThrow();
  });

  it('accepts its valid answers', () => {
    expect(compileTemplate(template).validate(read(`form-${n}.valid.json`))).toEqual({ valid: true, errors: [] });
  });

  it('rejects its invalid answers at every answer-carrying field plus the unknown key', () => {
    const { errors } = compileTemplate(template).validate(read(`form-${n}.invalid.json`));
    const keys = new Set(errors.map((e) => e.key));
    expect(keys.has('form_unknown')).toBe(true);
    // Every field with a value of its own, except each group's checkboxes (their group reports), is wrong.
    const groups = template.metadata.filter((p) => p.type === 'group').length;
    expect(keys.size).toBe(Object.keys(read(`form-${n}.valid.json`)).length - groups * 3 + groups + 1);
  });
});
