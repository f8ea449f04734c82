import type { ApplicationDoc } from '../../server/domain/core/docs';
import type { Store } from '../../server/store/port';
import type { BenchContext } from './_report';

/** What one seeded applicant has besides the common fields (its labels, its answers). */
export type ApplicantShape = Pick<ApplicationDoc, 'interestLabelId' | 'processLabelId'> & Partial<Pick<ApplicationDoc, 'processHistory' | 'source'>> & { metadata?: Record<string, unknown> };

/**
 * Inserts `total` applicants to one position straight through the store port, 1,000 at a
 * time, ids from 1,000,000. All applied within the last `total` seconds: older than
 * RETENTION_MONTHS, the retention job would erase them in the middle of a run.
 */
export async function seedApplicants(
  store: Store,
  ctx: BenchContext,
  at: { containerId: number; positionId: number; formVersion: number },
  total: number,
  shape: (i: number) => ApplicantShape,
): Promise<void> {
  const apps = store.collection<ApplicationDoc>('applications');
  const now = Math.floor(Date.now() / 1000);
  for (let start = 0; start < total; start += 1000) {
    const docs: ApplicationDoc[] = [];
    for (let i = start; i < Math.min(total, start + 1000); i++) {
      const n = String(i).padStart(6, '0');
      const { metadata, source, ...labels } = shape(i);
      docs.push({
        id: 1_000_000 + i,
        containerId: at.containerId,
        positionId: at.positionId,
        email: `s${n}@example.se`,
        created: now - total + i,
        metadata: { form_firstname: `Förnamn${n}`, form_surname: `Efternamn${n}`, ...metadata },
        formVersion: at.formVersion,
        info: { firstname: `Förnamn${n}`, lastname: `Efternamn${n}`, name: `Förnamn${n} Efternamn${n}`, email: `s${n}@example.se` },
        ...labels,
        ...(source ? { source } : {}),
        notes: [],
        notesCount: 0,
        logs: [],
        files: [],
      });
    }
    await apps.insertMany(docs);
    if ((start / 1000) % 10 === 9) ctx.progress(`${start + 1000} sökande inlagda`);
  }
}
