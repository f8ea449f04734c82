import { describe, expect, it } from 'vitest';
import { employmentType, jobPosting, jsonForScript } from '../../../../screens/public/jobPosting';
import type { PublicContainer, PublicPosition } from '../../../../screens/public/types';

const position: PublicPosition = {
  id: 12,
  name: 'Sommarjobbare till vår butik i Stockholm',
  slug: 'sommarjobbare',
  description: 'Kort',
  text: '<p>Lång text</p>',
  city: 'Stockholm',
  start: Date.UTC(2024, 4, 1) / 1000,
  stop: Date.UTC(2024, 5, 1) / 1000,
  status: 'Öppen',
  containerId: 1,
  containerName: 'demo',
  displayName: 'Demoföretaget AB',
  positionTypeId: 1,
  positionTypeName: 'Sommarjobb',
  isInternal: false,
  metadata: [],
  formVersion: 1,
};

const container: PublicContainer = { id: 1, name: 'demo', displayName: 'Demoföretaget AB', profile: { website: 'https://demo.example.se', logo: '/logo.png' } };

describe('jobPosting', () => {
  it('describes the position as a schema.org JobPosting', () => {
    const d = jobPosting(position, container, 'https://demo.example.se/12_sommarjobbare');
    expect(d).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: position.name,
      description: '<p>Lång text</p>',
      datePosted: '2024-05-01T00:00:00Z',
      validThrough: '2024-06-01T00:00:00Z',
      employmentType: 'TEMPORARY',
      hiringOrganization: { '@type': 'Organization', name: 'Demoföretaget AB', sameAs: 'https://demo.example.se', logo: 'https://demo.example.se/logo.png' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Stockholm', addressCountry: 'SE' } },
    });
  });

  it('leaves out an employment type it does not know', () => {
    expect(employmentType('Något annat')).toBeUndefined();
    expect('employmentType' in jobPosting({ ...position, positionTypeName: 'Okänd' }, null, 'https://x.se/12')).toBe(false);
  });

  it('escapes text that could close the script tag', () => {
    const json = jsonForScript({ title: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script>' });
  });
});
