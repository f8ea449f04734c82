import { describe, expect, it } from 'vitest';
import { privacyNoticeFor } from '../../../../screens/public/privacy';

const text = (n: ReturnType<typeof privacyNoticeFor>) => n.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])]).join('\n');

describe('privacyNoticeFor', () => {
  const demo = { id: 1, name: 'demo', displayName: 'Demoföretaget AB', profile: { gdprContact: 'gdpr@demo.test' } };

  it('names the container itself as data controller by default', () => {
    const n = privacyNoticeFor(demo);
    expect(n.variant).toBe('default');
    expect(n.controller).toBe('Demoföretaget AB');
    expect(text(n)).toContain('Demoföretaget AB är personuppgiftsansvarig');
    expect(text(n)).toContain('gdpr@demo.test');
  });

  it('holds all the content the spec lists', () => {
    const n = privacyNoticeFor(demo);
    const all = text(n);
    expect(n.sections.map((s) => s.id)).toEqual(['controller', 'purpose', 'legalBasis', 'recipients', 'storage', 'rights', 'requests', 'complaints', 'withholding']);
    expect(all).toContain('samordna dina ansökningar');
    expect(all).toContain('grundar sig på ditt samtycke');
    expect(all).toContain('som längst i 24 månader efter att rekryteringen avslutats');
    expect(all).toContain('talangpool');
    for (const right of ['tillgång', 'rättade', 'raderade', 'begränsas', 'invända', 'dataportabilitet']) expect(all).toContain(right);
    expect(all).toContain('skriftligen och innehålla ditt namn och ditt personnummer');
    expect(all).toContain('e-postadress som vi känner till');
    expect(all).toContain('Integritetsskyddsmyndigheten');
    expect(all).toContain('Utan dem kan vi dock inte');
    expect(n.validFrom).toBe('2022-01-31');
    expect(all).not.toMatch(/\{\w+\}/);
  });

  it("states the organisation's own retention period (issue 28)", () => {
    const n = privacyNoticeFor({ ...demo, retentionMonths: 9 });
    expect(n.retentionMonths).toBe(9);
    expect(text(n)).toContain('som längst i 9 månader efter att rekryteringen avslutats');
  });

  it('gives container 390 its own controller', () => {
    const n = privacyNoticeFor({ ...demo, id: 390 });
    expect(n.variant).toBe('390');
    expect(n.controller).not.toBe('Demoföretaget AB');
  });

  it('lists member companies and its own recipient paragraph for container 393', () => {
    const n = privacyNoticeFor({ ...demo, id: 393 });
    const controller = n.sections.find((s) => s.id === 'controller')!;
    expect(controller.listHeading).toBe('Medlemsföretag');
    expect(controller.list!.length).toBeGreaterThan(0);
    const recipients = n.sections.find((s) => s.id === 'recipients')!.paragraphs.join(' ');
    expect(recipients).not.toBe(privacyNoticeFor(demo).sections.find((s) => s.id === 'recipients')!.paragraphs.join(' ').replace('Demoföretaget AB', n.controller));
    expect(recipients).toContain('medlemsföretag');
  });

  it("lists the organisation's own member companies and GDPR address from its company profile instead of the template's names", () => {
    const n = privacyNoticeFor({ ...demo, id: 393, profile: { ...demo.profile, members: ['Solna Energi AB', 'Haga Bostäder AB'], gdprAddress: 'Box 12, 171 48 Solna' } });
    expect(n.sections.find((s) => s.id === 'controller')!.list).toEqual(['Solna Energi AB', 'Haga Bostäder AB']);
    expect(text(n)).toContain('Box 12, 171 48 Solna');
  });

  it('names another company in the consent for container 382', () => {
    const n = privacyNoticeFor({ ...demo, id: 382 });
    expect(n.consentCompany).not.toBe(n.controller);
    expect(n.sections.find((s) => s.id === 'legalBasis')!.paragraphs[0]).toContain(n.consentCompany);
  });

  it('still reads well when the container is unknown', () => {
    const n = privacyNoticeFor(null);
    expect(n.variant).toBe('default');
    expect(text(n)).not.toMatch(/\{\w+\}/);
  });
});
