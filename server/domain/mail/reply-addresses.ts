import { randomBytes } from 'node:crypto';
import type { ServerDeps } from '../../base/deps';
import { DuplicateKeyError, type Doc } from '../../store/port';
import type { ApplicationDoc } from '../core/docs';
import type { ReplyAddress } from '../../../schemas/generated/entities';

/**
 * Per-application reply addresses (schemas/entities/reply-address.json): `svar+<token>@domain`.
 * The token is 128 random bits in lower-case base32 (mail systems may change a local part's
 * case), made once per application and reused by every later mail to it.
 */
type ReplyAddressDoc = ReplyAddress & Doc;

const PREFIX = 'svar+';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const TOKEN = /^[a-z2-7]{26}$/;

function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

const col = (deps: Pick<ServerDeps, 'store'>) => deps.store.collection<ReplyAddressDoc>('replyAddresses');

/** The application's reply address at `domain`, made on first use (two first mails at once share one). */
export async function replyAddressFor(deps: Pick<ServerDeps, 'store' | 'now'>, a: Pick<ApplicationDoc, 'id' | 'containerId'>, domain: string): Promise<string> {
  const found = await col(deps).findOne({ applicationId: a.id });
  if (found) return `${PREFIX}${found.token}@${domain}`;
  const token = base32(randomBytes(16));
  try {
    await col(deps).insertOne({ token, containerId: a.containerId, applicationId: a.id, created: deps.now() });
    return `${PREFIX}${token}@${domain}`;
  } catch (err) {
    if (!(err instanceof DuplicateKeyError)) throw err;
    const again = await col(deps).findOne({ applicationId: a.id });
    if (!again) throw err;
    return `${PREFIX}${again.token}@${domain}`;
  }
}

/**
 * The application a reply address belongs to: null for another domain, a malformed address,
 * a token never made, or one whose application is gone (withdrawn, deleted).
 */
export async function applicationOfReplyAddress(deps: Pick<ServerDeps, 'store'>, address: string, domain: string): Promise<ApplicationDoc | null> {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  if (!local.startsWith(PREFIX)) return null;
  const token = local.slice(PREFIX.length);
  if (!TOKEN.test(token)) return null;
  const record = await col(deps).findOne({ token });
  if (!record) return null;
  return deps.store.collection<ApplicationDoc>('applications').findOne({ id: record.applicationId, containerId: record.containerId }, { projection: { id: 1, containerId: 1, positionId: 1, email: 1, info: 1 } });
}
