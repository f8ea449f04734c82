import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/log';

function capture() {
  const lines: string[] = [];
  return { lines, log: createLogger({ write: (l) => lines.push(l) }) };
}

describe('the logger', () => {
  it('writes one JSON line per event', () => {
    const { lines, log } = capture();
    log.info('hello', { n: 1 });
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', msg: 'hello', n: 1 });
  });

  it('drops fields that look secret', () => {
    const { lines, log } = capture();
    log.warn('x', { password: 'p4ss', token: 'eyJ.a.b', authorization: 'Bearer x', nested: { newPassword: 'q' } });
    expect(lines[0]).not.toMatch(/p4ss|eyJ|Bearer|"q"/);
  });

  it('masks personnummer-like digit runs in messages and values', () => {
    const { lines, log } = capture();
    log.error('failed for 19900101-1234', { note: 'ssn 199001011234' });
    expect(lines[0]).not.toMatch(/1234/);
  });

  it('logs errors by name and message only', () => {
    const { lines, log } = capture();
    log.error('boom', { error: new Error('bad') });
    expect(lines[0]).not.toContain('at ');
    expect(JSON.parse(lines[0]!).error).toEqual({ name: 'Error', message: 'bad' });
  });
});
