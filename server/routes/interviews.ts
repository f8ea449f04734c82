import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { formatStockholmAppointment } from '../../engine/dates';
import { fill } from '../../engine/fill';
import { escapeHtml } from '../../engine/sanitize';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { memoryCoordination } from '../coord/port';
import { sharedLimiter } from '../coord/rate-limit';
import { book, bookingView, cancelByLink } from '../domain/interviews/booking';
import { feedText } from '../domain/interviews/feed';
import { errors, HttpError } from '../errors';
import { bodyOf, jsonBody, readRaw } from '../http/body';

const t = sv.interviews;

type View = Awaited<ReturnType<typeof bookingView>>;

/**
 * The interview booking page (issue 30 item 1), mailed as `PUBLIC_URL/intervju?token=…`:
 * a small Swedish page made on the server that works on a phone without script. Opening it
 * changes nothing (a mail scanner may open links); a time is booked, moved or cancelled by
 * posting the form. `POST /api/public/interviews/{view,book,cancel} {token, slotId}` is the
 * same for a client. And each staff member's calendar feed, `GET /api/calendar/<token>.ics`.
 */
export function mount(router: Router, deps: ServerDeps, config: Config): void {
  // Posts only (a booking, a move, a cancel), twice the sign-in limit: many applicants may book
  // from one office address. Opening a page reads one document by a 256-bit token's hash.
  const perIp = sharedLimiter((deps.coord ?? memoryCoordination()).counters, 'interview-ip', { windowMs: config.rateLimits.windowMs, max: 2 * config.rateLimits.loginPerIp });
  const limit = async (ctx: ParameterizedContext) => {
    if (!(await perIp.hit(ctx.ip))) throw errors.rateLimited();
  };

  router.get('/intervju', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const again = ctx.query.om === '1';
    await page(ctx, async () => render(await bookingView(deps, token), token, again));
  });

  router.post('/intervju', async (ctx) => {
    await limit(ctx);
    const form = new URLSearchParams((await readRaw(ctx.req, 4096)).toString('utf8'));
    const token = form.get('token') ?? '';
    await page(ctx, async () => {
      try {
        if (form.get('do') === 'cancel') {
          await cancelByLink(deps, token);
          return render(await bookingView(deps, token), token, false, t.pageCancelDone);
        }
        const view = await book(deps, token, Number(form.get('slot')));
        return render(view, token, false, t.pageDone);
      } catch (err) {
        // A time taken meanwhile: say so at once, with the times still open.
        if (err instanceof HttpError && (err.code === 'slot_taken' || err.code === 'slot_gone' || err.code === 'invalid')) {
          ctx.status = err.status;
          return render(await bookingView(deps, token), token, true, err.message, true);
        }
        throw err;
      }
    });
  });

  const tokenOf = (ctx: ParameterizedContext) => {
    const body = bodyOf(ctx) as { token?: unknown; slotId?: unknown } | undefined;
    if (typeof body?.token !== 'string') throw errors.invalid([{ path: '/token', message: t.linkUnknown }], t.linkUnknown);
    return body;
  };
  router.post('/api/public/interviews/view', jsonBody({ limit: 4096 }), async (ctx) => {
    ctx.body = { data: await bookingView(deps, tokenOf(ctx).token as string) };
  });
  router.post('/api/public/interviews/book', jsonBody({ limit: 4096 }), async (ctx) => {
    await limit(ctx);
    const body = tokenOf(ctx);
    if (typeof body.slotId !== 'number' || !Number.isSafeInteger(body.slotId)) throw errors.invalid([{ path: '/slotId', message: t.slotGone }], t.slotGone);
    ctx.body = { data: await book(deps, body.token as string, body.slotId) };
  });
  router.post('/api/public/interviews/cancel', jsonBody({ limit: 4096 }), async (ctx) => {
    await limit(ctx);
    ctx.body = { data: await cancelByLink(deps, tokenOf(ctx).token as string) };
  });

  router.get('/api/calendar/:file', async (ctx) => {
    // The token is the feed's only key and lives for months: it never reaches the access log.
    ctx.state.logPath = '/api/calendar/[token].ics';
    const token = /^(.+)\.ics$/.exec(ctx.params.file ?? '')?.[1] ?? '';
    const text = await feedText(deps, token);
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.body = text;
  });
}

const when = (s: { start: number; minutes: number }) => `${formatStockholmAppointment(s.start)} (${fill(t.pageMinutes, { minutes: String(s.minutes) })})`;

/** The page of a view: the booking (with 'Boka om' and 'Avboka'), or the times to choose from. */
function render(v: View, token: string, choose: boolean, notice?: string, problem = false): [string, string] {
  const title = fill(t.pageTitle, { position: v.position });
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(token)}">`;
  const parts: string[] = [];
  if (notice) parts.push(`<p ${problem ? 'role="alert" class="problem"' : 'role="status" class="done"'}>${escapeHtml(notice)}</p>`);
  if (v.booked && !choose) {
    const b = v.booked;
    parts.push(`<p class="booked">${escapeHtml(fill(t.pageBooked, { time: formatStockholmAppointment(b.start), minutes: String(b.minutes) }))}</p>`);
    if (b.place) parts.push(`<p>${escapeHtml(fill(t.pageWhere, { place: b.place }))}</p>`);
    if (b.videoUrl) parts.push(`<p>${escapeHtml(fill(t.pageVideo, { url: b.videoUrl }))}</p>`);
    if (b.past) parts.push(`<p>${escapeHtml(t.pagePast)}</p>`);
    else {
      parts.push(
        `<div class="actions"><form method="get" action="/intervju">${hidden}<input type="hidden" name="om" value="1"><button type="submit">${escapeHtml(t.pageReschedule)}</button></form>` +
          `<form method="post" action="/intervju">${hidden}<input type="hidden" name="do" value="cancel"><button type="submit" class="secondary">${escapeHtml(t.pageCancel)}</button></form></div>`,
      );
    }
    return [title, parts.join('')];
  }
  if (v.status === 'cancelled' && !notice) parts.push(`<p>${escapeHtml(t.pageCancelled)}</p>`);
  if (!choose || !v.booked) parts.push(`<p>${escapeHtml(fill(t.pageIntro, { company: v.company, position: v.position }))}</p>`);
  const slots = v.slots.filter((s) => s.id !== v.booked?.id);
  if (!slots.length) {
    parts.push(`<p>${escapeHtml(t.pageNoSlots)}</p>`);
    return [title, parts.join('')];
  }
  const radios = slots.map((s, i) => `<label class="slot"><input type="radio" name="slot" value="${s.id}"${i === 0 ? ' required' : ''}> ${escapeHtml(when(s))}</label>`).join('');
  parts.push(`<form method="post" action="/intervju">${hidden}<fieldset><legend>${escapeHtml(t.summary)}</legend>${radios}</fieldset><button type="submit">${escapeHtml(t.pageBook)}</button></form>`);
  return [title, parts.join('')];
}

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:1rem;line-height:1.5;color:#1a1a1a}main{max-width:36rem;margin:0 auto}' +
  'fieldset{border:0;padding:0;margin:1rem 0}legend{font-weight:600;margin-bottom:.5rem}' +
  '.slot{display:flex;gap:.75rem;align-items:center;min-height:3rem;padding:.5rem .75rem;margin:.5rem 0;border:1px solid #888;border-radius:.5rem}' +
  'button{font:inherit;min-height:3rem;padding:.5rem 1.25rem;border-radius:.5rem;border:2px solid #1d4ed8;background:#1d4ed8;color:#fff;margin:.25rem .5rem .25rem 0}' +
  'button.secondary{background:#fff;color:#1d4ed8}.actions{display:flex;flex-wrap:wrap}.problem{color:#b00020;font-weight:600}.done{color:#166534;font-weight:600}';

/** A small Swedish page: the body, or the refusal's message with its status. */
async function page(ctx: ParameterizedContext, body: () => Promise<[string, string]>): Promise<void> {
  let title: string;
  let html: string;
  try {
    ctx.status = 200;
    [title, html] = await body();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    ctx.status = err.status;
    title = t.pageProblem;
    html = `<p role="alert" class="problem">${escapeHtml(err.message)}</p>`;
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${html}</main></body></html>`;
}
