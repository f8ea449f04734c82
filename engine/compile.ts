import type { ValidateFunction } from 'ajv';
import { RunContext } from './validator-runtime';
import { buildForm, type BuiltForm, type JSONSchema, type UiSchema } from './build-form';
import { fingerprint, LruCache, templateIdentity } from './cache';
import { checkTemplate } from './check-template';
import { TemplateError, templateIssue } from './errors';
import { MessageCache } from './messages';
import type { Registry } from './registry';
import type { Answers, CompileContext, FormTemplate, ValidationResult } from './types';
import { verdict, type ValidatorFunction } from './verdict';

/** What compileTemplate returns (docs/architecture.md "The contracts in one paragraph each"). */
export interface CompiledForm {
  schema: JSONSchema;
  uiSchema: UiSchema;
  validate(answers: Answers): ValidationResult;
  /** The cache identity this form was compiled under. */
  identity: string;
}

interface CompiledCore extends BuiltForm {
  identity: string;
  messages: MessageCache;
  fingerprint: string;
  /** The ajv validator; compiled on first use when the compiler defers it. */
  validateFn(): ValidateFunction;
}

export interface CompilerOptions {
  /** How many compiled templates to keep (least recently used are dropped). */
  cacheSize?: number;
  /**
   * Compile a form's ajv validator when it first validates instead of in compileTemplate.
   * Only for a trusted registry (createRegistry's `trusted`), whose schemas compile by
   * construction: a page can then show the form before paying for its validator. A failure
   * there (a broken catalogue) makes validate report 'internal' instead of compileTemplate
   * throwing.
   */
  deferValidator?: boolean;
}

/** Per-registry compile cache and counter (the counter is what the cache benchmark reads). */
export interface Compiler {
  compileTemplate(template: FormTemplate, ctx?: CompileContext): CompiledForm;
  /** How many times a template was actually compiled (cache misses). */
  readonly compiles: number;
  clearCache(): void;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function createCompiler(registry: Registry, options: number | CompilerOptions = {}): Compiler {
  const { cacheSize = 500, deferValidator = false } = typeof options === 'number' ? { cacheSize: options } : options;
  const cache = new LruCache<CompiledCore>(cacheSize);
  let compiles = 0;

  function core(template: FormTemplate): CompiledCore {
    if (!isPlainObject(template) || !Array.isArray(template.metadata)) {
      throw new TemplateError([templateIssue('', 'notTemplate')]);
    }
    const identity = templateIdentity(template);
    const print = fingerprint(template.metadata);
    const hit = cache.get(identity);
    if (hit && hit.fingerprint === print) return hit;
    const built = buildForm(checkTemplate(template, registry), registry);
    const compileValidator = (): ValidateFunction => {
      try {
        return registry.ajv.compile(built.schema);
      } catch (e) {
        throw new TemplateError([templateIssue('', 'notCompiled')], (e as Error).message);
      }
    };
    let compiled: ValidateFunction | undefined = deferValidator ? undefined : compileValidator();
    const validateFn = () => (compiled ??= compileValidator());
    compiles += 1;
    const entry: CompiledCore = { ...built, identity, fingerprint: print, validateFn, messages: new MessageCache(registry) };
    cache.set(identity, entry);
    return entry;
  }

  function compileTemplate(template: FormTemplate, ctx: CompileContext = {}): CompiledForm {
    const c = core(template);
    const rt = new RunContext(ctx.now, ctx.positionStart);
    const overrides = ctx.messages;
    return {
      schema: c.schema,
      uiSchema: c.uiSchema,
      identity: c.identity,
      validate(answers: Answers): ValidationResult {
        return verdict(c.validateFn as () => ValidatorFunction, rt, answers, c.messages, overrides, c.order);
      },
    };
  }

  return {
    compileTemplate,
    get compiles() {
      return compiles;
    },
    clearCache: () => cache.clear(),
  };
}
