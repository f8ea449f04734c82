import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import errorDetail from '../schemas/answers/error-detail.json' with { type: 'json' };
import applyBody from '../schemas/shared/apply-body.json' with { type: 'json' };
import type { Registry } from './dispatcher/registry';
import { apiKeyScheme, apiV1Paths } from './openapi-v1';

/**
 * The OpenAPI 3.1 document of the API, generated from the catalogue: one request branch per
 * dispatcher action (its data schema from schemas/actions/ with the shared parts it `$ref`s inlined by
 * the registry, its answer from `x-answer`), the
 * account, public and file routes, and the one error shape. Served at /api/openapi.json for
 * integrators; schemathesis fuzzes a running server against it in CI. Built once per registry.
 */

type Json = Record<string, unknown>;
const root = resolve(import.meta.dirname, '..');
const BASE = 'https://blankett.se/schemas/';

/** Every entity and answer schema by its $id, so refs between them can be bundled. */
function catalogue(): Map<string, Json> {
  const byId = new Map<string, Json>();
  for (const dir of ['entities', 'answers']) {
    let files: string[] = [];
    try {
      files = readdirSync(join(root, 'schemas', dir)).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const f of files) {
      const schema = JSON.parse(readFileSync(join(root, 'schemas', dir, f), 'utf8')) as Json;
      byId.set(typeof schema.$id === 'string' ? schema.$id : `${BASE}${dir}/${f}`, schema);
    }
  }
  return byId;
}

const componentName = (id: string) => id.replace(BASE, '').replace(/\.json$/, '').replace(/[^A-Za-z0-9]+/g, '_');

/** Copies a schema with every $ref pointed into components (bundling what it reaches) and no $id/$schema. */
function bundle(schema: unknown, base: string, byId: Map<string, Json>, components: Json): unknown {
  if (Array.isArray(schema)) return schema.map((s) => bundle(s, base, byId, components));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    if (k === '$id' || k === '$schema') continue;
    if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) {
      const [target = '', fragment = ''] = new URL(v, base).href.split('#');
      const name = componentName(target);
      const found = byId.get(target);
      if (found && !(name in components)) {
        components[name] = {};
        components[name] = bundle(found, target, byId, components);
      }
      out.$ref = found ? `#/components/schemas/${name}${fragment}` : v;
      continue;
    }
    // A local ref inside a bundled schema points into that schema's own component.
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/') && base !== '') {
      out.$ref = `#/components/schemas/${componentName(base)}${v.slice(1)}`;
      continue;
    }
    out[k] = bundle(v, base, byId, components);
  }
  return out;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const ERRORS = {
  '400': errorResponse('Ogiltig förfrågan: `details` anger vad som är fel.'),
  '401': errorResponse('Inte inloggad eller sessionen har gått ut.'),
  '403': errorResponse('Behörighet saknas.'),
  '404': errorResponse('Finns inte (eller i en organisation du inte tillhör).'),
  '409': errorResponse('Konflikt (t.ex. redan sökt, ändrad av någon annan).'),
  '413': errorResponse('För stor förfrågan.'),
  '429': errorResponse('För många förfrågningar.'),
};
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

function dataOnly(schema: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) if (!k.startsWith('x-') && k !== '$schema' && k !== 'title') out[k] = v;
  return out;
}

function build(registry: Registry): Json {
  const byId = catalogue();
  const components: Json = {};
  const branches: unknown[] = [];
  const answers: unknown[] = [];
  for (const def of [...registry.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const base = `${BASE}actions/${def.name}.json`;
    branches.push({
      title: def.name,
      description: `${typeof def.schema.description === 'string' ? def.schema.description : ''} Roll: ${def.role}.`.trim(),
      type: 'object',
      additionalProperties: false,
      required: ['action', 'data'],
      properties: { action: { const: def.name }, data: bundle(dataOnly(def.schema), base, byId, components) },
    });
    const answer = def.schema['x-answer'];
    answers.push(answer === undefined ? {} : bundle(answer, base, byId, components));
  }
  components.Error = {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'array', items: bundle(errorDetail, '', byId, components) } },
      },
    },
  };
  const idParam = (name: string, schema: Json = { type: 'string' }) => ({ name, in: 'path', required: true, schema });
  const ok = (description: string, schema: unknown = { type: 'object', required: ['data'], properties: { data: {} } }) => ({
    description,
    ...json(schema),
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Blankett API', version: '1', description: sv.server.openapiDescription },
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiKey: apiKeyScheme },
    },
    paths: {
      ...apiV1Paths(ERRORS),
      '/api/dispatcher': {
        post: {
          operationId: 'dispatch',
          summary: 'Personalens anrop: {action, data}',
          security: [{ bearer: [] }],
          parameters: [{ name: 'filter', in: 'query', required: false, schema: { type: 'string', maxLength: 100 } }],
          requestBody: { required: true, ...json({ oneOf: branches }) },
          responses: { '200': ok('Svar', { type: 'object', required: ['data'], properties: { data: { anyOf: answers } } }), ...ERRORS },
        },
      },
      '/api/account/login': {
        post: {
          operationId: 'login',
          requestBody: {
            required: true,
            ...json({ type: 'object', additionalProperties: false, required: ['email', 'password'], properties: { email: { type: 'string' }, password: { type: 'string' } } }),
          },
          responses: {
            '200': ok('Inloggad', { type: 'object', required: ['token'], properties: { token: { type: 'string' }, data: { type: 'object' } } }),
            '401': { description: 'Fel e-post eller lösenord (tomt svar).' },
            '400': ERRORS['400'],
            '429': {
              ...errorResponse(
                'För många försök: från den här adressen, eller för kontot från alla adresser tillsammans (efter 10 fel lösenord i timmen får varje adress ett försök; ett fel lösenord besvaras då också med 429).',
              ),
              headers: { 'Retry-After': { description: 'Sekunder tills ett nytt försök kan prövas.', schema: { type: 'integer' } } },
            },
          },
        },
      },
      '/api/account/signin-link': {
        post: {
          operationId: 'signinLink',
          summary: 'Mejlar en inloggningslänk (samma svar för varje adress)',
          requestBody: {
            required: true,
            ...json({ type: 'object', additionalProperties: false, required: ['email'], properties: { email: { type: 'string', maxLength: 254 }, next: { type: 'string', maxLength: 300 } } }),
          },
          responses: { '200': ok('Skickad om adressen kan ta emot e-post', { type: 'object', required: ['data'], properties: { data: { type: 'object' } } }), '400': ERRORS['400'], '413': ERRORS['413'], '429': ERRORS['429'] },
        },
      },
      '/api/account/signin-link/confirm': {
        post: {
          operationId: 'signinLinkConfirm',
          summary: 'Följer en inloggningslänk (engångskod) och ger en session',
          requestBody: { required: true, ...json({ type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } }) },
          responses: {
            '200': ok('Inloggad', { type: 'object', required: ['token'], properties: { token: { type: 'string' }, data: { type: 'object' } } }),
            '400': ERRORS['400'],
            '413': ERRORS['413'],
            '429': ERRORS['429'],
          },
        },
      },
      '/api/public/positions': {
        get: {
          operationId: 'publicPositions',
          parameters: [
            { name: 'take', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
            { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
            { name: 'containerId', in: 'query', schema: { type: 'integer', minimum: 1 } },
          ],
          responses: { '200': ok('Publika tjänster'), '400': ERRORS['400'], '404': ERRORS['404'] },
        },
      },
      '/api/public/positions/{id}': {
        get: { operationId: 'publicPosition', parameters: [idParam('id')], responses: { '200': ok('En tjänst'), '400': ERRORS['400'], '404': ERRORS['404'] } },
      },
      '/api/public/positions/{id}/schema': {
        get: {
          operationId: 'publicPositionSchema',
          description: "The position's form as JSON Schema 2020-12 plus its uiSchema: `{ data: { schema, uiSchema } }`. Blankett's rules are standard keywords wherever one can say them; the rest stay `x-` keywords, listed in the schema's `$comment`.",
          parameters: [idParam('id')],
          responses: { '200': ok('Formulärets JSON Schema'), '400': ERRORS['400'], '404': ERRORS['404'] },
        },
      },
      '/api/public/positions/apply': {
        post: {
          operationId: 'apply',
          requestBody: {
            required: true,
            // The schema the route validates with (server/routes/public.ts), as written.
            ...json(bundle(applyBody, '', byId, components)),
          },
          responses: { '201': ok('Ansökan mottagen'), ...ERRORS },
        },
      },
      '/api/public/validators/{file}': {
        get: {
          operationId: 'formValidator',
          summary: 'Ett formulärs förkompilerade validator (ES-modul), se compiledForm.validator',
          parameters: [idParam('file', { type: 'string', pattern: '^[0-9a-f]{32}(-[0-9a-f-]{1,36})?\\.js$' })],
          responses: {
            '200': { description: 'JavaScript-modul', content: { 'text/javascript': { schema: { type: 'string' } } } },
            '304': { description: 'Oförändrad (If-None-Match)' },
            '404': ERRORS['404'],
          },
        },
      },
      '/api/public/containers/{name}': {
        get: { operationId: 'publicContainer', parameters: [idParam('name')], responses: { '200': ok('En organisation'), '400': ERRORS['400'], '404': ERRORS['404'] } },
      },
      '/api/public/open/{positionId}/container': {
        get: {
          operationId: 'containerOfPosition',
          parameters: [idParam('positionId')],
          responses: { '200': ok('Tjänstens organisation'), '400': ERRORS['400'], '404': ERRORS['404'] },
        },
      },
      '/api/health': {
        get: {
          operationId: 'health',
          summary: 'För lastbalanseraren: svarar lagringen (och Redis när den används)?',
          responses: { '200': ok('Allt svarar: { store: "ok", … }'), '503': { description: 'Något svarar inte (details: del → "ok" | "unavailable")' } },
        },
      },
    },
  };
}

const built = new WeakMap<Registry, Json>();

/** The document for this registry, built on first request and kept. */
export function openApiDocument(registry: Registry): Json {
  let doc = built.get(registry);
  if (!doc) built.set(registry, (doc = build(registry)));
  return doc;
}
