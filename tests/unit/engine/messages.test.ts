import { describe, expect, it } from 'vitest';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { compileTemplate, defaultRegistry } from '../../../engine/index';
import { field, PNR } from './helpers';

const firstMessage = (metadata: Parameters<typeof compileTemplate>[0]['metadata'], answers: Record<string, unknown>, messages?: Record<string, string>) =>
  compileTemplate({ metadata }, { messages }).validate(answers).errors[0]?.message;

describe('validator messages', () => {
  it('keeps every validator declaration message identical to sv.json "validators"', () => {
    const registry = defaultRegistry();
    expect(Object.keys(sv.validators).sort()).toEqual([...registry.validators.keys()].sort());
    for (const [name, def] of registry.validators) expect(def.message).toBe((sv.validators as Record<string, string>)[name]);
  });

  it('replaces #DATA# with the validator data in the default message', () => {
    expect(firstMessage([field('text', [{ name: 'minLength', data: 5 }])], { f: 'abc' })).toBe('Texten måste vara minst 5 tecken långt');
    expect(firstMessage([field('text', [{ name: 'minYearAtStart', data: 99 }])], { f: PNR.born20060601 })).toBe('Du måste vara 99 år fyllda vid start');
  });

  it('renders allowedAgeInPeriod data as the age span', () => {
    const p = field('text', [{ name: 'allowedAgeInPeriod', data: { startDate: '2024-06-01', endDate: '2024-08-31', minAge: 16, maxAge: 18 } }]);
    expect(firstMessage([p], { f: PNR.born19900101 })).toBe('Du måste vara mellan 16 och 18 år under hela perioden');
  });

  it('renders a list of allowed years readably', () => {
    const p = field('text', [{ name: 'allowedYears', data: '2006,2007,2008' }]);
    expect(firstMessage([p], { f: '1999' })).toBe('Ansökningen endast öppen för personer födda år 2006, 2007 eller 2008');
  });

  it('uses a container override with #DATA# replaced', () => {
    const p = field('text', [{ name: 'minLength', data: 3 }]);
    expect(firstMessage([p], { f: 'a' }, { minLength: 'Skriv minst #DATA# tecken, tack' })).toBe('Skriv minst 3 tecken, tack');
  });

  it('falls back to the default when an override is empty or for another validator', () => {
    const p = field('text', [{ name: 'minLength', data: 3 }]);
    expect(firstMessage([p], { f: 'a' }, { minLength: ' ', approved: 'X' })).toBe('Texten måste vara minst 3 tecken långt');
  });

  it('sanitises HTML in an override and keeps simple formatting', () => {
    const p = field('checkbox', [{ name: 'approved', data: null }]);
    const message = firstMessage([p], {}, { approved: '<b>Godkänn</b> <img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">villkoren</a>' });
    expect(message).toBe('<b>Godkänn</b> <a>villkoren</a>');
  });

  it('escapes #DATA# so validator data cannot inject HTML', () => {
    const p = field('text', [{ name: 'minYearBorn', data: 2000 }]);
    expect(firstMessage([p], { f: '1999' }, { minYearBorn: 'Född <i>#DATA#</i> eller senare' })).toBe('Född <i>2000</i> eller senare');
  });
});

describe('messages of repeated invalid submissions (memoised per error site, issue 18 item 6)', () => {
  const form = () => compileTemplate({ metadata: [field('text', [{ name: 'minLength', data: 3 }])] });

  it('names each unknown key, not the one the same schema path reported last time', () => {
    const f = form();
    expect(f.validate({ f: 'abcd', x: 1 }).errors.map((e) => e.key)).toEqual(['x']);
    expect(f.validate({ f: 'abcd', y: 1 }).errors.map((e) => e.key)).toEqual(['y']);
  });

  it('applies an override given after the same errors were reported without one', () => {
    const metadata = [field('text', [{ name: 'minLength', data: 3 }])];
    expect(compileTemplate({ metadata }).validate({ f: 'a', x: 1 }).errors.map((e) => e.message)).toEqual(['Texten måste vara minst 3 tecken långt', sv.engine.unknownField]);
    const overridden = compileTemplate({ metadata }, { messages: { minLength: 'Kort: #DATA#', unknownKey: 'Okänt' } }).validate({ f: 'a', x: 1 });
    expect(overridden.errors.map((e) => e.message)).toEqual(['Kort: 3', 'Okänt']);
  });

  it('hands out the same frozen error for the same site, so no caller can change the next verdict', () => {
    const f = form();
    const [first] = f.validate({ f: 'a' }).errors;
    const [again] = f.validate({ f: 'a' }).errors;
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });
});

describe('error order', () => {
  it('lists answer errors in form order, then (stably) those of keys without an answer of their own and unknown keys', () => {
    const metadata = [
      { key: 'g', type: 'group', label: 'Områden', order: 0, data: ['a', 'b'], validators: [{ name: 'minSelectedInGroup', data: 1 }] },
      { key: 'a', type: 'checkbox', label: 'A' },
      { key: 'b', type: 'checkbox', label: 'B' },
      { key: 't', type: 'text', label: 'Text', order: 1, validators: [{ name: 'minLength', data: 3 }] },
      { key: 'u', type: 'text', label: 'Mer text', order: 2, validators: [{ name: 'minLength', data: 3 }] },
    ];
    const f = compileTemplate({ metadata });
    // ajv reports the unknown key first and the group rule last; the memoised second run sorts alike.
    for (let i = 0; i < 2; i++) expect(f.validate({ zz: 1, u: 'y', t: 'x' }).errors.map((e) => e.key)).toEqual(['t', 'u', 'g', 'zz']);
  });
});
