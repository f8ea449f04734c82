import { organisationOrigin } from '../../../engine/host-rules';
import { sanitizeHtmlMemo } from '../../../engine/sanitize';
import { effectiveTheme } from '../../../engine/theme';
import { compiledFormOf } from '../forms/compiled-form';
import { errors } from '../../errors';
import type { Store } from '../../store/port';
import { positionTypeName } from '../organisations/containers';
import type { AssetDoc, ContainerDoc, FolderDoc, PositionDoc } from '../core/docs';
import { publicStatus } from './status';
import { TEMPLATES_FOLDER } from '../templates/templates';
import { consentWording, retentionOf } from '../gdpr/periods';

/** What the public side may see of positions and containers (docs/contracts.md "Public calls"). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


/** URL slug of a position name: lower-case ASCII, Swedish letters folded (å, ä → a; ö → o). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/**
 * Staff-written HTML the public pages show (the ad text, the company's terms, validator-message
 * overrides) leaves the server already through the one sanitiser (engine/sanitize.ts): the
 * public pages render it as it comes and carry no sanitiser of their own (no DOMPurify).
 * Memoised by content: the same texts are asked for on every page view.
 */
function safeHtml(html: unknown): string {
  return typeof html === 'string' ? sanitizeHtmlMemo(html) : '';
}

function safeMessages(messages: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(messages ?? {}).map(([k, v]) => [k, typeof v === 'string' ? safeHtml(v) : v]));
}

export function publicContainer(c: ContainerDoc) {
  const profile = (c.profile ?? {}) as Record<string, unknown>;
  return {
    id: c.id,
    name: c.name,
    displayName: c.displayName ?? c.name,
    theme: effectiveTheme(c.theme),
    profile: {
      ...profile,
      ...(typeof profile.terms === 'string' ? { terms: safeHtml(profile.terms) } : {}),
      showAge: profile.showAge === true,
      showGender: profile.showGender === true,
    },
    // Issue 28: how long applications are kept after the recruitment closes, and the talent-pool consent's wording.
    retentionMonths: retentionOf(c),
    talentPool: consentWording(c),
  };
}

export function publicSummary(c: ContainerDoc, p: PositionDoc, now: number) {
  const logo = (c.profile as { logo?: unknown } | undefined)?.logo;
  return {
    id: p.id,
    name: p.name,
    slug: slugify(p.name),
    description: p.description,
    city: p.city,
    start: p.start,
    stop: p.stop,
    status: publicStatus(p, now),
    containerId: c.id,
    containerName: c.name,
    displayName: c.displayName ?? c.name,
    positionTypeId: p.positionTypeId,
    positionTypeName: positionTypeName(c, p.positionTypeId),
    ...(typeof logo === 'string' && logo ? { companyLogo: logo } : {}),
  };
}

export function publicPosition(c: ContainerDoc, p: PositionDoc, now: number) {
  return {
    ...publicSummary(c, p, now),
    text: safeHtml(p.text),
    ...(typeof p.banner === 'string' && p.banner ? { banner: p.banner } : {}),
    isInternal: p.isInternal,
    ...(p.isInternal ? { linkId: p.linkId } : {}),
    ...(p.previousSlugs?.length ? { previousSlugs: p.previousSlugs } : {}),
    metadata: p.metadata,
    formVersion: p.formVersion,
    messages: safeMessages(c.messages),
    // The form compiled on the server and the URL of its precompiled validator (issue 10).
    compiledForm: compiledFormOf(p),
  };
}

/**
 * A position by its public reference: digits find a public position by id, a UUID finds an
 * internal one by linkId. Internal positions are not reachable by number, and a public one
 * not by UUID, so the two ways never mix.
 */
export async function findPublicPosition(store: Store, ref: string): Promise<PositionDoc> {
  const positions = store.collection<PositionDoc>('positions');
  let p: PositionDoc | null = null;
  if (/^\d{1,15}$/.test(ref)) p = await positions.findOne({ id: Number(ref), isInternal: false });
  else if (UUID.test(ref)) p = await positions.findOne({ linkId: ref.toLowerCase(), isInternal: true });
  if (!p) throw errors.notFound();
  return p;
}

/**
 * A container's public asset by `assets/<id>` or `assets/<folder>/<name>`. Position
 * templates are not public assets.
 */
export async function findPublicAsset(store: Store, containerId: number, ref: string): Promise<AssetDoc> {
  const m = /^assets\/(.+)$/.exec(ref);
  if (!m) throw errors.notFound();
  const path = m[1]!;
  const assets = store.collection<AssetDoc>('assets');
  let asset: AssetDoc | null = null;
  if (/^\d{1,15}$/.test(path)) {
    asset = await assets.findOne({ id: Number(path), containerId });
  } else {
    const slash = path.indexOf('/');
    if (slash > 0) {
      const folder = await store.collection<FolderDoc>('folders').findOne({ containerId, name: path.slice(0, slash) });
      if (folder) asset = await assets.findOne({ containerId, folderId: folder.id, name: path.slice(slash + 1) });
    }
  }
  if (!asset) throw errors.notFound();
  const folder = await store.collection<FolderDoc>('folders').findOne({ id: asset.folderId, containerId });
  if (!folder || folder.name === TEMPLATES_FOLDER) throw errors.notFound();
  return asset;
}

/**
 * A position's public page on its organisation's own host (engine/host-rules.ts
 * organisationOrigin, from PUBLIC_URL): `https://demo.example.se/12_sommarjobb`, or
 * `…/internal/{linkId}` for an internal position. On a portal that has no domain for
 * organisation hosts (an IP address) the page on the portal itself. The apply page is this
 * plus `/apply`.
 */
export function positionPublicUrl(portalUrl: string, container: Pick<ContainerDoc, 'name'>, p: Pick<PositionDoc, 'id' | 'name' | 'isInternal' | 'linkId'>): string {
  const origin = organisationOrigin(portalUrl, container.name) ?? portalUrl.replace(/\/+$/, '');
  const path = p.isInternal && p.linkId ? `/internal/${p.linkId}` : `/${p.id}_${slugify(p.name)}`;
  return origin + path;
}
