import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { parseOrganisationsnummer } from '../../../engine/organisationsnummer';
import { htmlToText, sanitizeHtml } from '../../../engine/sanitize';
import { isEmail } from '../../auth/account';
import { errors } from '../../errors';
import type { Store } from '../../store/port';
import type { AssetDoc } from '../core/docs';

type Profile = Record<string, unknown>;
type Problem = { path: string; message: string };

const LINKS = ['website', 'aboutUsLink', 'supportLink'] as const;
const IMAGES = ['logo', 'banner'] as const;
/** Fields that hold HTML (the company terms in the 'Allmänna villkor' dialog): sanitised, formatting kept. */
const HTML = new Set(['terms']);
const ASSET_URL = /^\/api\/public\/open\/containers\/(\d+)\/assets\?id=assets\/(\d+)$/;

const isLink = (v: string) => /^https?:\/\/[^\s<>"]+$/i.test(v);

/** Plain text with any markup taken out (script content dropped, not kept as text). */
export function plainText(v: string): string {
  return /[<>&]/.test(v) ? htmlToText(v) : v.trim();
}

/**
 * Checks and cleans a company profile (spec document 1 §3) before it is stored: the
 * organisation number is a real organisationsnummer (stored as NNNNNN-NNNN), the email is an
 * email, links are http(s), images are this organisation's own assets, HTML is sanitised and
 * every other text is plain. Problems come back together, each at its field; nothing is stored
 * then.
 */
export async function cleanProfile(store: Store, containerId: number, input: Profile): Promise<Profile> {
  const out: Profile = {};
  const problems: Problem[] = [];
  const at = (key: string) => `/metadata/${key}`;
  for (const [key, value] of Object.entries(input)) {
    if (typeof value !== 'string') {
      out[key] = value;
      continue;
    }
    const v = value.trim();
    if (v === '') {
      out[key] = '';
      continue;
    }
    if (key === 'orgNumber') {
      const n = parseOrganisationsnummer(v);
      if (!n) problems.push({ path: at(key), message: sv.org.orgNumberInvalid });
      else out[key] = n;
    } else if (key === 'email') {
      if (!isEmail(v)) problems.push({ path: at(key), message: sv.org.emailInvalid });
      else out[key] = v.toLowerCase();
    } else if ((LINKS as readonly string[]).includes(key)) {
      if (!isLink(v)) problems.push({ path: at(key), message: sv.org.linkInvalid });
      else out[key] = v;
    } else if ((IMAGES as readonly string[]).includes(key)) {
      const m = ASSET_URL.exec(v);
      const asset = m && Number(m[1]) === containerId ? await store.collection<AssetDoc>('assets').findOne({ id: Number(m[2]), containerId }) : null;
      if (!asset || !asset.contentType.startsWith('image/')) problems.push({ path: at(key), message: sv.org.imageNotOwn });
      else out[key] = v;
    } else if (HTML.has(key)) {
      out[key] = sanitizeHtml(v);
    } else {
      out[key] = plainText(v);
    }
  }
  if (input.social && typeof input.social === 'object') {
    const social: Record<string, string> = {};
    for (const [k, raw] of Object.entries(input.social as Record<string, string>)) {
      const v = raw.trim();
      if (v && !isLink(v)) problems.push({ path: at(`social/${k}`), message: sv.org.linkInvalid });
      else social[k] = v;
    }
    out.social = social;
  }
  if (Array.isArray(input.members)) out.members = (input.members as string[]).map(plainText).filter(Boolean);
  if (problems.length) throw errors.invalid(problems, problems[0]!.message);
  return out;
}
