import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';
import { actionFiles } from '../../server/dispatcher/action-files';


/** Every `$ref` in the document, with where it sits. */
function refs(node: unknown, at = '#', out: { at: string; ref: string }[] = []) {
  if (Array.isArray(node)) node.forEach((n, i) => refs(n, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push({ at, ref: v });
      else refs(v, `${at}/${k}`, out);
    }
  }
  return out;
}

function pointer(doc: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((n, key) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[key] : undefined), doc);
}

describe('the OpenAPI document at /api/openapi.json', () => {
  let server: TestServer;
  let doc: any;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded' });
    const r = await server.request('GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    doc = r.body;
  }, 60_000);
  afterAll(() => server?.close());

  it('is OpenAPI 3.1 with one request branch per action file', () => {
    expect(doc.openapi).toBe('3.1.0');
    const branches = doc.paths['/api/dispatcher'].post.requestBody.content['application/json'].schema.oneOf as { properties: { action: { const: string } } }[];
    const actions = actionFiles().map((f) => f.name).sort();
    expect(branches.map((b) => b.properties.action.const).sort()).toEqual(actions);
  });

  it('has no reference that points nowhere and no reference to the network', () => {
    const broken = refs(doc).filter(({ ref }) => !ref.startsWith('#/') || pointer(doc, ref) === undefined);
    expect(broken).toEqual([]);
  });

  it('validates real dispatcher bodies as the server does', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const check = ajv.compile({ ...doc, $ref: '#/paths/~1api~1dispatcher/post/requestBody/content/application~1json/schema' });
    expect(check({ action: 'get_containers', data: {} })).toBe(true);
    expect(check({ action: 'get_position', data: { id: 1 } })).toBe(true);
    expect(check({ action: 'get_position', data: { id: 'ett' } })).toBe(false);
    expect(check({ action: 'get_containers', data: { extra: 1 } })).toBe(false);
    expect(check({ action: 'no_such_action', data: {} })).toBe(false);
  });
});
