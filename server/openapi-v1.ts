/**
 * The /api/v1 part of the OpenAPI document (server/openapi.ts): the organisation's REST API
 * with API keys (server/routes/api-v1.ts). `errors` are the document's shared error answers.
 */
type Json = Record<string, unknown>;

const SCOPES = ['positions:read', 'applications:read', 'applications:write', 'webhooks:manage'];

export const apiKeyScheme = {
  type: 'http',
  scheme: 'bearer',
  description: `En API-nyckel som en administratör skapar under Integration (create_apiKey). Skickas alltid i huvudet Authorization, aldrig i adressen (400 key_in_query). Behörigheter: ${SCOPES.join(', ')}. Varje nyckel har en egen gräns för antal anrop per minut (429 med Retry-After).`,
};

export function apiV1Paths(errors: Record<'400' | '401' | '403' | '404' | '429', Json>): Json {
  const data = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object', required: ['data'], properties: { data: {} } } } } });
  const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
  const read = { '401': errors['401'], '403': errors['403'], '404': errors['404'], '429': errors['429'] };
  const op = (operationId: string, summary: string, scope: string, extra: Json = {}) => ({ operationId, summary: `${summary} (behörighet ${scope})`, security: [{ apiKey: [] }], ...extra });
  return {
    '/api/v1/positions': {
      get: op('v1ListPositions', 'Organisationens tjänster, senaste start först', 'positions:read', { responses: { '200': data('Tjänsterna'), ...read } }),
    },
    '/api/v1/positions/{id}': {
      get: op('v1GetPosition', 'En tjänst med sitt formulär', 'positions:read', { parameters: [id('id')], responses: { '200': data('Tjänsten'), ...read } }),
    },
    '/api/v1/applications': {
      get: op('v1ListApplications', 'Ansökningar, nyaste först, 30 åt gången (skicka `next` som `after`)', 'applications:read', {
        parameters: [
          { name: 'positionId', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
          { name: 'after', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: { '200': data('{ items, next }'), '400': errors['400'], ...read },
      }),
    },
    '/api/v1/applications/{id}': {
      get: op('v1GetApplication', 'En ansökan med svar, etiketter, historik och filer (metadata; hämta filen med files/{url})', 'applications:read', {
        parameters: [id('id')],
        responses: { '200': data('Ansökan'), ...read },
      }),
    },
    '/api/v1/applications/{id}/files/{url}': {
      get: op('v1GetApplicationFile', 'En bifogad fil (alltid som nedladdning)', 'applications:read', {
        parameters: [id('id'), { name: 'url', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' } }],
        responses: { '200': { description: 'Filen', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }, ...read },
      }),
    },
    '/api/v1/applications/{id}/labels': {
      post: op('v1MoveApplication', 'Flyttar ansökan till en intresseetikett, en processnivå eller båda (historik, aviseringar och logg som i Blankett)', 'applications:write', {
        parameters: [id('id')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', additionalProperties: false, minProperties: 1, properties: { interestLabelId: { type: 'integer', minimum: 1 }, processLabelId: { type: 'integer', minimum: 1 } } },
            },
          },
        },
        responses: { '200': data('{ id, interestLabelId, processLabelId }'), '400': errors['400'], ...read },
      }),
    },
  };
}
