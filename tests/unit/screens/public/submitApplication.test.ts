import { describe, expect, it } from 'vitest';
import { ApiError, refusal } from '../../../../screens/api';
import { emailOf, outcomeOfError } from '../../../../screens/public/submitApplication';
import sv from '../../../../schemas/messages/sv.json';

describe('outcomeOfError', () => {
  it('shows the spec’s message when the server says the applicant already applied', () => {
    const err = new ApiError(409, { code: 'duplicate_application', message: 'whatever' });
    expect(outcomeOfError(err)).toEqual({ kind: 'duplicate', message: 'Enligt våra noteringar har du redan gjort en ansökan till tjänsten.' });
  });

  it('puts the 400 details at their fields', () => {
    // As the answer's body arrives: refusal() is the one reading of its details.
    const err = refusal(400, { error: {
      code: 'invalid',
      message: 'Uppgifterna är inte giltiga',
      details: [{ key: 'form_ssn', validator: 'ssnValidSwe', message: 'Personnumret …' }, { nonsense: true }, 'x'],
    } }, '');
    expect(outcomeOfError(err)).toEqual({ kind: 'invalid', errors: [{ key: 'form_ssn', validator: 'ssnValidSwe', message: 'Personnumret …' }], message: sv.public.invalidSummary });
  });

  it('tells the applicant the network is down and that the answers are kept', () => {
    const out = outcomeOfError(new ApiError(0, { code: 'network', message: '' }));
    expect(out).toEqual({ kind: 'failed', message: sv.public.networkError });
    expect(sv.public.networkError).toContain('Dina svar finns kvar');
  });

  it('turns a closed position into the closed state', () => {
    expect(outcomeOfError(new ApiError(409, { code: 'position_closed', message: 'Ansökningstiden för tjänsten har gått ut.' }))).toEqual({
      kind: 'closed',
      message: 'Ansökningstiden för tjänsten har gått ut.',
    });
  });

  it('never shows a raw server message for an internal error', () => {
    expect(outcomeOfError(new ApiError(500, { code: 'internal', message: 'TypeError at x.ts:12' }))).toEqual({ kind: 'failed', message: sv.public.loadError });
    expect(outcomeOfError(new Error('boom'))).toEqual({ kind: 'failed', message: sv.public.loadError });
  });

  it('explains a request that is too large', () => {
    expect(outcomeOfError(new ApiError(413, { code: 'too_large', message: '' }))).toEqual({ kind: 'failed', message: sv.public.tooLarge });
  });
});

describe('emailOf', () => {
  it('reads form_email, else the first email field', () => {
    expect(emailOf({ form_email: ' a@b.se ' }, [])).toBe('a@b.se');
    expect(emailOf({ epost: 'c@d.se' }, [{ key: 'epost', type: 'email' }])).toBe('c@d.se');
    expect(emailOf({}, [])).toBe('');
  });
});
