import { beforeAll, describe, expect, it } from 'vitest';
import { validAnswers } from '../integration/helpers/domain';
import { linkSession } from './helpers/signin';
import { useE2e } from './helpers/fixture';

/**
 * Issue 26 item 6: the recruiter's own reply shows once (it came back twice: the send's answer
 * and the live push's echo), and the conversation and the application link to each other.
 */
const EMAIL = 'chatt.svar@exempel.se';
const e2e = useE2e();
let writer: string;
let channelId: number;
let applicationId: number;
let positionId: number;
let positionName: string;

beforeAll(async () => {
  writer = await e2e.token('writer@demo.test');
  const positions = await e2e.dataOf<{ id: number; name: string; isInternal: boolean }[]>(writer, 'get_positions', { containerId: 1 });
  const open = positions.find((p) => !p.isInternal)!;
  ({ id: positionId, name: positionName } = open);
  const res = await fetch(`${e2e.app.url}/api/public/positions/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create_jobApplication', data: { email: EMAIL, positionId, metadata: validAnswers(EMAIL, { form_firstname: 'Cecilia', form_surname: 'Chatt' }) } }),
  });
  expect(res.status).toBe(201);
  applicationId = ((await res.json()) as { data: { id: number } }).data.id;
  const candidate = await linkSession(e2e.app, EMAIL);
  channelId = (await e2e.dataOf<{ channelId: number }>(candidate, 'send_MessageCommand', { containerId: 1, message: 'Hej! När hör ni av er?' })).channelId;
});

describe('a conversation in the browser', () => {
  it('shows the recruiter’s reply once, and links to the application and back', async () => {
    const page = await e2e.page({ viewport: 'phone', baseURL: e2e.app.url });
    await e2e.login(page, 'writer@demo.test');
    await page.goto(`/admin/chat/${channelId}`);
    const thread = page.getByRole('list', { name: 'Meddelanden' });
    await expect.poll(() => thread.textContent()).toContain('När hör ni av er?');
    const box = page.getByLabel('Nytt meddelande');
    for (const reply of ['Hej Cecilia! Vi hör av oss i veckan.', 'Välkommen på intervju på tisdag.']) {
      await box.fill(reply);
      await page.getByRole('button', { name: 'Skicka' }).click();
      // The send is done when the box is empty again; its answer and the push's echo have both come in by the next send.
      await expect.poll(() => box.inputValue()).toBe('');
    }
    await expect.poll(() => thread.getByText('Välkommen på intervju på tisdag.').count()).toBe(1);
    expect(await thread.getByText('Hej Cecilia! Vi hör av oss i veckan.').count()).toBe(1);
    expect(await thread.getByRole('listitem').count()).toBe(3);

    await page.getByRole('link', { name: `Ansökan till ${positionName}` }).click();
    await page.waitForURL(`**/admin/positions/${positionId}/applicants/${applicationId}`);
    await page.getByRole('link', { name: 'Konversation med sökanden' }).click();
    await page.waitForURL(`**/admin/chat/${channelId}`);
    await expect.poll(() => page.getByRole('list', { name: 'Meddelanden' }).getByRole('listitem').count()).toBe(3);
    await page.context().close();
  }, 60_000);
});
