import { describe, expect, it } from 'vitest';
import { formatNotificationTime } from '../../../../engine/dates';
import { fromHubEvent, mergeNotifications, notificationTarget, truncateMessage, type AppNotification } from '../../../../screens/shell/notifications';
import { backoffDelay, hubUrl } from '../../../../screens/shell/realtime';

const unix = (iso: string) => Date.parse(iso) / 1000;

describe('truncateMessage', () => {
  it('keeps a message of exactly 71 characters whole', () => {
    const text = 'a'.repeat(71);
    expect(truncateMessage(text)).toBe(text);
  });

  it('cuts a 72-character message to 71 characters and an ellipsis', () => {
    const text = `${'b'.repeat(71)}c`;
    expect(truncateMessage(text)).toBe(`${'b'.repeat(71)}…`);
  });

  it('counts an emoji as one character and never splits it', () => {
    const text = `${'😀'.repeat(71)}x`;
    const cut = truncateMessage(text);
    expect(Array.from(cut)).toHaveLength(72);
    expect(cut.endsWith('😀…')).toBe(true);
  });

  it('drops a space that would stand before the ellipsis', () => {
    expect(truncateMessage(`${'x'.repeat(70)} yyy`)).toBe(`${'x'.repeat(70)}…`);
  });
});

describe('formatNotificationTime', () => {
  it('shows HH:mm in Stockholm time for the same Stockholm day', () => {
    expect(formatNotificationTime(unix('2024-06-10T06:05:00Z'), new Date('2024-06-10T20:00:00Z'))).toBe('08:05');
  });

  it('shows YYYY-MM-DD HH:mm for an earlier day', () => {
    expect(formatNotificationTime(unix('2024-06-09T06:05:00Z'), new Date('2024-06-10T08:00:00Z'))).toBe('2024-06-09 08:05');
  });

  it('decides "the same day" by the Stockholm calendar, not UTC', () => {
    // 23:30 UTC on 9 June is 01:30 on 10 June in Stockholm (summer time): same day as noon on 10 June.
    expect(formatNotificationTime(unix('2024-06-09T23:30:00Z'), new Date('2024-06-10T10:00:00Z'))).toBe('01:30');
    // 22:30 UTC on 31 Dec is 23:30 the same night in Stockholm (winter time): another day than 1 Jan.
    expect(formatNotificationTime(unix('2023-12-31T22:30:00Z'), new Date('2024-01-01T00:30:00Z'))).toBe('2023-12-31 23:30');
  });

  it('writes midnight as 00:00, never 24:00', () => {
    expect(formatNotificationTime(unix('2024-01-15T23:00:00Z'), new Date('2024-01-16T12:00:00Z'))).toBe('00:00');
  });
});

describe('notificationTarget', () => {
  it('opens the applicant page for an application notification', () => {
    expect(notificationTarget({ type: 'create_jobApplication', data: { positionId: 4, id: 17 } })).toBe('/admin/positions/4/applicants/17');
  });

  it('opens the position page for a position notification', () => {
    expect(notificationTarget({ type: 'position', data: { positionId: 4, id: 4 } })).toBe('/admin/positions/4');
  });

  it('has no target without a position (the list says länk saknas)', () => {
    expect(notificationTarget({ type: 'other', data: null })).toBeNull();
    expect(notificationTarget({ type: 'create_jobApplication', data: { positionId: 4 } })).toBeNull();
  });
});

describe('hub events and merging', () => {
  it('reads the notification nested in the hub event, with its own type', () => {
    const stored = { id: 5, containerId: 1, type: 'create_jobApplication', title: 'Ny ansökan', message: 'Anna har sökt X', timestamp: 100, read: false, data: { positionId: 2, id: 9 } };
    const n = fromHubEvent({ ...stored, type: 'Notification', notificationType: 'create_jobApplication', notification: stored });
    expect(n).toMatchObject({ id: 5, type: 'create_jobApplication', title: 'Ny ansökan', data: { positionId: 2, id: 9 } });
  });

  it("leaves a staff chat answer out of the bell (it rang its own writer's bell), keeps a candidate's message", () => {
    const base = { id: 7, containerId: 1, type: 'send_MessageCommand', title: 'Nytt meddelande', message: 'Hej', timestamp: 100, read: false, data: { positionId: 2, id: 9 } };
    const event = (from: string) => ({ ...base, type: 'Notification', notificationType: 'send_MessageCommand', notification: base, chatMessage: { id: 3, from, text: 'Hej' } });
    expect(fromHubEvent(event('staff'))).toBeNull();
    expect(fromHubEvent(event('candidate'))).toMatchObject({ id: 7, type: 'send_MessageCommand' });
  });

  it('keeps one entry per id, newest first', () => {
    const n = (id: number, timestamp: number): AppNotification => ({ id, timestamp, type: 'other', title: `t${id}`, message: '', read: false });
    const merged = mergeNotifications([n(1, 10), n(2, 20)], [n(2, 20), n(3, 30)]);
    expect(merged.map((x) => x.id)).toEqual([3, 2, 1]);
  });
});

describe('hub client helpers', () => {
  it('builds the hub address with the token as access_token, wss on https', () => {
    expect(hubUrl('a.b c', { protocol: 'https:', host: 'jobb.example.se' })).toBe('wss://jobb.example.se/notifications?access_token=a.b%20c');
    expect(hubUrl('t', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/notifications?access_token=t');
  });

  it('doubles the reconnect delay per attempt up to the cap', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, 500, 15_000, mid))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(20, 500, 15_000, mid)).toBe(15_000);
  });
});
