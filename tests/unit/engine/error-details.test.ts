import { describe, expect, it } from 'vitest';
import { errorDetails, fieldErrorsOf, messagesByPath } from '../../../engine/error-details';

describe('error details, read in one place', () => {
  const raw = [
    { path: '/email', message: 'Ogiltig e-post' },
    { key: 'form_ssn', validator: 'ssnValidSwe', message: 'Personnumret …' },
    { key: 'form_text', code: 'keyDuplicate', problem: 'Nyckeln finns redan', message: 'Nyckeln finns redan' },
    { path: '/email', message: 'andra' },
    { nonsense: true },
    { path: 3, message: 'siffervägen' },
    'x',
  ];

  it('keeps only details with a message, and only their string fields', () => {
    expect(errorDetails(raw)).toEqual([
      { path: '/email', message: 'Ogiltig e-post' },
      { key: 'form_ssn', validator: 'ssnValidSwe', message: 'Personnumret …' },
      { key: 'form_text', code: 'keyDuplicate', problem: 'Nyckeln finns redan', message: 'Nyckeln finns redan' },
      { path: '/email', message: 'andra' },
      { message: 'siffervägen' },
    ]);
    expect(errorDetails({ currentRevision: 2 })).toEqual([]);
    expect(errorDetails(undefined)).toEqual([]);
  });

  it('gives the field errors (validator "server" when none is named) and the first message per path', () => {
    const details = errorDetails(raw);
    expect(fieldErrorsOf(details)).toEqual([
      { key: 'form_ssn', validator: 'ssnValidSwe', message: 'Personnumret …' },
      { key: 'form_text', validator: 'server', message: 'Nyckeln finns redan' },
    ]);
    expect(messagesByPath(details)).toEqual({ '/email': 'Ogiltig e-post' });
  });
});
