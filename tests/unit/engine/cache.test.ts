import { describe, expect, it } from 'vitest';
import template from '../../../schemas/templates/default-application.json' with { type: 'json' };
import { createCompiler, defaultRegistry, type FormTemplate } from '../../../engine/index';

const text = JSON.stringify(template);
const reread = (): FormTemplate => JSON.parse(text) as FormTemplate;

describe('the compile cache', () => {
  it('compiles a template version once however often it is re-read and compiled', () => {
    const compiler = createCompiler(defaultRegistry());
    for (let i = 0; i < 200; i++) compiler.compileTemplate(reread()).validate({});
    expect(compiler.compiles).toBe(1);
  });

  it('compiles again when the version changes', () => {
    const compiler = createCompiler(defaultRegistry());
    compiler.compileTemplate({ ...reread(), version: 1 });
    compiler.compileTemplate({ ...reread(), version: 2 });
    compiler.compileTemplate({ ...reread(), version: 2 });
    expect(compiler.compiles).toBe(2);
  });

  it('caches unversioned templates by content', () => {
    const compiler = createCompiler(defaultRegistry());
    const { metadata } = reread();
    compiler.compileTemplate({ metadata });
    compiler.compileTemplate({ metadata: JSON.parse(JSON.stringify(metadata)) });
    expect(compiler.compiles).toBe(1);
    const changed = JSON.parse(JSON.stringify(metadata)) as FormTemplate['metadata'];
    (changed[0] as { label: string }).label = 'Tilltalsnamn';
    compiler.compileTemplate({ metadata: changed });
    expect(compiler.compiles).toBe(2);
  });

  it('does not recompile for a different context: messages and position start are read per call', () => {
    const compiler = createCompiler(defaultRegistry());
    const a = compiler.compileTemplate(reread(), { messages: { required: 'A' }, positionStart: 1 });
    const b = compiler.compileTemplate(reread(), { messages: { required: 'B' }, positionStart: 2 });
    expect(compiler.compiles).toBe(1);
    expect(a.validate({}).errors[0]?.message).toBe('A');
    expect(b.validate({}).errors[0]?.message).toBe('B');
  });

  it('recompiles when a key and version are reused for a template with other fields', () => {
    const compiler = createCompiler(defaultRegistry());
    compiler.compileTemplate({ key: 'k', version: 1, metadata: [{ key: 'a', type: 'text' }] });
    const form = compiler.compileTemplate({ key: 'k', version: 1, metadata: [{ key: 'b', type: 'text' }] });
    expect(compiler.compiles).toBe(2);
    expect(form.validate({ b: 'x' }).valid).toBe(true);
  });

  it('never caches a template that failed to compile', () => {
    const compiler = createCompiler(defaultRegistry());
    const bad = { key: 'bad', version: 1, metadata: [{ key: 'a', type: 'nope' }] };
    expect(() => compiler.compileTemplate(bad)).toThrow();
    expect(() => compiler.compileTemplate(bad)).toThrow();
    expect(compiler.compiles).toBe(0);
  });
});
