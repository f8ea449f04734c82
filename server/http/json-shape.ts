import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { HttpError } from '../errors';

/**
 * Limits on the shape of a JSON body, checked on the raw bytes as they arrive, before
 * JSON.parse: a body of a million tiny keys is refused after its first few thousand, at the
 * cost of a scan, instead of being parsed, walked and validated whole (22 MB of small keys
 * once blocked the server for 6.6 s).
 */
export interface JsonShape {
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Most members of any one object or array. */
  maxWidth: number;
  /** Most values in the whole body (every member of every object and array). */
  maxItems: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * An incremental scanner: `push` each chunk; it throws a 400 HttpError the moment the body
 * breaks a limit. It tracks only nesting and member counts (strings are skipped with
 * indexOf, so long base64 files cost almost nothing); JSON syntax is left to JSON.parse.
 */
export class JsonShapeGuard {
  private inString = false;
  private escaped = false;
  /** Member counts of the open containers. */
  private counts: number[] = [];
  /** Whether the next value or key in each open container starts a new member (after `{`, `[` or `,`). */
  private expect: boolean[] = [];
  private items = 0;

  constructor(private readonly shape: JsonShape) {}

  private refuse(message: string): never {
    throw new HttpError(400, 'invalid', message, [{ path: '/', message }]);
  }

  /** Something starts at the current level: a new member when one is expected. */
  private start(): void {
    const top = this.counts.length - 1;
    if (top < 0 || !this.expect[top]) return;
    this.expect[top] = false;
    this.counts[top]! += 1;
    if (this.counts[top]! > this.shape.maxWidth || ++this.items > this.shape.maxItems) this.refuse(sv.server.bodyTooWide);
  }

  push(buf: Uint8Array): void {
    let i = 0;
    const n = buf.length;
    while (i < n) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i++;
          continue;
        }
        const q = buf.indexOf(QUOTE, i);
        const b = buf.indexOf(BACKSLASH, i);
        if (b !== -1 && (q === -1 || b < q)) {
          this.escaped = true;
          i = b + 1;
          continue;
        }
        if (q === -1) return;
        this.inString = false;
        i = q + 1;
        continue;
      }
      const c = buf[i]!;
      if (c === QUOTE) {
        this.start();
        this.inString = true;
      } else if (c === 0x7b || c === 0x5b) {
        // { or [
        this.start();
        this.counts.push(0);
        this.expect.push(true);
        if (this.counts.length > this.shape.maxDepth) this.refuse(sv.server.bodyTooDeep);
      } else if (c === 0x7d || c === 0x5d) {
        this.counts.pop();
        this.expect.pop();
      } else if (c === 0x2c) {
        if (this.expect.length) this.expect[this.expect.length - 1] = true;
      } else if (c > 0x20 && c !== 0x3a) {
        // a number, true, false or null
        this.start();
      }
      i++;
    }
  }
}
