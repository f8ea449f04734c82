import { unescape } from 'node:querystring';
import type { IncomingMessage } from 'node:http';

/**
 * A form body (application/x-www-form-urlencoded or multipart/form-data) read as it streams
 * in, with limits checked on the way (issue 24): the body's bytes, the number of fields
 * (pairs or parts) and the size of each field that is not a file. Past a limit the rest of the
 * body is left unread and the read fails with FormBodyError, so a client sending 400,000
 * pairs costs the parse of `maxFields` of them. Fields land in a Map, read in one look-up each
 * (FormData's get is a scan of every entry, once per field).
 */
export interface PostedFile {
  filename: string;
  type: string;
  data: Buffer;
}
export type PostedValue = string | PostedFile;

export class PostedForm {
  private readonly fields = new Map<string, PostedValue[]>();
  add(name: string, value: PostedValue): void {
    const list = this.fields.get(name);
    if (list) list.push(value);
    else this.fields.set(name, [value]);
  }
  get(name: string): PostedValue | null {
    return this.fields.get(name)?.[0] ?? null;
  }
  getAll(name: string): PostedValue[] {
    return this.fields.get(name) ?? [];
  }
  has(name: string): boolean {
    return this.fields.has(name);
  }
}

export type FormRefusal = 'tooLarge' | 'tooManyFields' | 'fieldTooLarge' | 'malformed';

export class FormBodyError extends Error {
  constructor(readonly reason: FormRefusal) {
    super(`form body refused: ${reason}`);
    this.name = 'FormBodyError';
  }
}

export interface FormLimits {
  /** The whole body. */
  maxBytes: number;
  /** Pairs or parts. */
  maxFields: number;
  /** A field that is not a file (its bytes as sent). */
  maxFieldBytes: number;
  /** Fields allowed up to maxBytes (the no-script form's carried answers, files of earlier steps included). */
  bigFields?: ReadonlySet<string>;
}

interface Parser {
  write(chunk: Buffer): void;
  end(): void;
}

const refuse = (reason: FormRefusal): never => {
  throw new FormBodyError(reason);
};

const decodeComponent = (s: string) => unescape(s.replace(/\+/g, ' '));

function urlencodedParser(form: PostedForm, limits: FormLimits): Parser {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let pairs = 0;
  let big = false;
  const bigPrefixes = [...(limits.bigFields ?? [])].map((n) => Buffer.from(`${n}=`));
  const keep = (b: Buffer) => {
    if (b.length === 0) return;
    pending.push(b);
    pendingBytes += b.length;
    if (pendingBytes > limits.maxFieldBytes && !big) {
      const head = Buffer.concat(pending).subarray(0, 64);
      big = bigPrefixes.some((p) => head.subarray(0, p.length).equals(p));
      if (!big) refuse('fieldTooLarge');
    }
  };
  const flush = () => {
    if (pendingBytes > 0) {
      if (++pairs > limits.maxFields) refuse('tooManyFields');
      const pair = Buffer.concat(pending).toString('latin1');
      const eq = pair.indexOf('=');
      const name = decodeComponent(Buffer.from(eq < 0 ? pair : pair.slice(0, eq), 'latin1').toString('utf8'));
      form.add(name, eq < 0 ? '' : decodeComponent(Buffer.from(pair.slice(eq + 1), 'latin1').toString('utf8')));
    }
    pending = [];
    pendingBytes = 0;
    big = false;
  };
  return {
    write(chunk) {
      let start = 0;
      for (let amp = chunk.indexOf(0x26); amp >= 0; amp = chunk.indexOf(0x26, start)) {
        keep(chunk.subarray(start, amp));
        flush();
        start = amp + 1;
      }
      keep(chunk.subarray(start));
    },
    end: flush,
  };
}

const HEADERS_MAX = 8 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

function param(header: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${name}=([^;\\s]*)`, 'i').exec(header);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2];
}

function multipartParser(form: PostedForm, limits: FormLimits, boundary: string): Parser {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body without the CRLF before it.
  let buf: Buffer = Buffer.from(CRLF);
  let state: 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let parts = 0;
  let part: { name: string; filename?: string; type: string; chunks: Buffer[]; bytes: number; cap: number } | null = null;

  const append = (b: Buffer) => {
    if (!part || b.length === 0) return;
    part.bytes += b.length;
    if (part.bytes > part.cap) refuse(part.filename === undefined ? 'fieldTooLarge' : 'tooLarge');
    part.chunks.push(b);
  };
  const finish = () => {
    if (!part) return;
    const data = Buffer.concat(part.chunks);
    form.add(part.name, part.filename === undefined ? data.toString('utf8') : { filename: part.filename, type: part.type, data });
    part = null;
  };
  const startPart = (headerText: string) => {
    if (++parts > limits.maxFields) refuse('tooManyFields');
    let disposition = '';
    let type = '';
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      const key = line.slice(0, colon).trim().toLowerCase();
      if (key === 'content-disposition') disposition = line.slice(colon + 1);
      else if (key === 'content-type') type = line.slice(colon + 1).trim();
    }
    const name = param(disposition, 'name');
    if (name === undefined) return refuse('malformed');
    const filename = param(disposition, 'filename');
    const cap = filename !== undefined || limits.bigFields?.has(name) ? limits.maxBytes : limits.maxFieldBytes;
    part = { name, ...(filename !== undefined ? { filename } : {}), type, chunks: [], bytes: 0, cap };
  };

  /** One step of the machine; false when it needs more bytes. */
  const step = (): boolean => {
    switch (state) {
      case 'preamble':
      case 'body': {
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          const safe = Math.max(buf.length - (delimiter.length - 1), 0);
          if (state === 'body') append(buf.subarray(0, safe));
          buf = buf.subarray(safe);
          return false;
        }
        if (state === 'body') {
          append(buf.subarray(0, at));
          finish();
        }
        buf = buf.subarray(at + delimiter.length);
        state = 'afterDelimiter';
        return true;
      }
      case 'afterDelimiter': {
        if (buf.length < 2) return false;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = 'done';
          return false;
        }
        const eol = buf.indexOf(CRLF);
        if (eol < 0) return buf.length > 256 ? refuse('malformed') : false;
        // Transport padding after the boundary; the CRLF stays for the headers' search.
        buf = buf.subarray(eol);
        state = 'headers';
        return true;
      }
      case 'headers': {
        const end = buf.indexOf(HEADERS_END);
        if (end < 0) return buf.length > HEADERS_MAX ? refuse('malformed') : false;
        startPart(buf.subarray(2, end).toString('utf8'));
        buf = buf.subarray(end + HEADERS_END.length);
        state = 'body';
        return true;
      }
      default:
        return false;
    }
  };
  return {
    write(chunk) {
      if (state === 'done') return;
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      while (step());
    },
    end() {
      if (state !== 'done') refuse('malformed');
    },
  };
}

function parserFor(contentType: string, form: PostedForm, limits: FormLimits): Parser | null {
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) return urlencodedParser(form, limits);
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const boundary = param(contentType, 'boundary');
  return boundary && boundary.length <= 200 ? multipartParser(form, limits, boundary) : null;
}

/**
 * Reads and parses a posted form within `limits`. On a refusal reading stops (the rest of the
 * body is never read: reading 31 MB to drop it costs the process its garbage collector) and
 * FormBodyError says which limit; the caller ends the connection after its answer.
 */
export function readFormBody(req: Pick<IncomingMessage, 'headers'> & NodeJS.ReadableStream, contentType: string, limits: FormLimits): Promise<{ form: PostedForm; bytes: number }> {
  const form = new PostedForm();
  const parser = parserFor(contentType, form, limits);
  let bytes = 0;
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (err?: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (err === undefined) return resolve({ form, bytes });
      req.on('error', () => {});
      req.pause();
      reject(err instanceof FormBodyError ? err : new FormBodyError('malformed'));
    };
    const onData = (chunk: Buffer) => {
      try {
        bytes += chunk.length;
        if (bytes > limits.maxBytes) refuse('tooLarge');
        parser!.write(chunk);
      } catch (err) {
        done(err);
      }
    };
    const onEnd = () => {
      try {
        parser!.end();
        done();
      } catch (err) {
        done(err);
      }
    };
    const onError = (err: Error) => done(err);
    // The client went before the end of its body.
    const onClose = () => done(new FormBodyError('malformed'));
    if (!parser) return done(new FormBodyError('malformed'));
    if (Number(req.headers['content-length']) > limits.maxBytes) return done(new FormBodyError('tooLarge'));
    req.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}
