import { describe, expect, it } from 'vitest';
import { hostRules, organisationOrigin } from '../../../engine/host-rules';

/** Issue 17 item 9: 'Visa ansökningssidan' opens the organisation's own host, derived from PUBLIC_URL. */
describe('organisationOrigin', () => {
  it("puts the organisation under the portal's domain, keeping scheme and port", () => {
    expect(organisationOrigin('https://min.example.se', 'demo')).toBe('https://demo.example.se');
    expect(organisationOrigin('https://example.se/', 'demo')).toBe('https://demo.example.se');
    expect(organisationOrigin('http://localhost:3000', 'demo')).toBe('http://demo.localhost:3000');
    expect(organisationOrigin('http://min.localhost:8080/x', 'Acme')).toBe('http://acme.localhost:8080');
  });

  it('gives a host that the host rules read back as that organisation', () => {
    const origin = organisationOrigin('https://www.blankett.example', 'kommunen')!;
    expect(hostRules(new URL(origin).hostname)).toMatchObject({ routeSet: 'organisation', containerName: 'kommunen' });
  });

  it('gives null where no organisation host exists: an IP address, a name that is no host label or a portal label', () => {
    expect(organisationOrigin('http://127.0.0.1:3000', 'demo')).toBeNull();
    expect(organisationOrigin('not a url', 'demo')).toBeNull();
    expect(organisationOrigin('https://example.se', 'två ord')).toBeNull();
    expect(organisationOrigin('https://example.se', 'www')).toBeNull();
    expect(organisationOrigin('https://example.se', 'evil.com/x')).toBeNull();
  });
});
