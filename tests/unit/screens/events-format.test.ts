import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import sv from '../../../schemas/messages/sv.json';
import { isWrite } from '../../../server/domain/core/events';
import { HOLDERS } from '../../../server/domain/gdpr/personal';
import { formatCell } from '../../../screens/runner/format';
import { actionFiles } from '../../../server/dispatcher/action-files';

const root = join(import.meta.dirname, '../../..');
const writes = actionFiles(join(root, 'schemas/actions'))
  .map((f) => f.name)
  .filter(isWrite);
/** The events the GDPR and retention jobs record beside the dispatcher's writes (server/domain/gdpr.ts). */
const JOB_EVENTS = ['gdpr_erasure', 'gdpr_retention'];

describe('the events list', () => {
  it('has a Swedish name for every event the server records, each name once', () => {
    const names: Record<string, string> = sv.events.actions;
    expect([...writes, ...JOB_EVENTS].filter((a) => !names[a])).toEqual([]);
    expect(new Set(Object.values(names)).size).toBe(Object.values(names).length);
  });

  it('shows an event by its Swedish name, never its raw key', () => {
    expect(formatCell('update_PositionArchivedStatus', 'event')).toBe('Annons arkiverad eller återaktiverad');
    expect(formatCell('gdpr_retention', 'event')).toBe('Gamla ansökningar gallrade');
    expect(formatCell('some_future_action', 'event')).toBe('Okänd händelse');
  });

  it('shows counts as readable Swedish, zeros left out, for every count an erasure or the retention job records', () => {
    expect(formatCell({ applications: 3, blobs: 2, outboxMails: 0, accounts: 1 }, 'counts')).toBe('Ansökningar: 3, Filer: 2, Konton: 1');
    expect(formatCell({ applications: 1200, months: 36 }, 'counts')).toBe('Ansökningar: 1\u00a0200, Lagringstid i månader: 36');
    const keys = [...HOLDERS.map((h) => h.collection), 'blobs', 'outboxMails', 'accounts', 'months'];
    const counts: Record<string, string> = sv.events.counts;
    expect(keys.filter((k) => !counts[k])).toEqual([]);
    const text = formatCell(Object.fromEntries(keys.map((k) => [k, 1])), 'counts');
    expect(text).not.toContain('[object Object]');
    for (const k of keys) expect(text).not.toContain(k);
  });
});
