import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { binaryResponse, errorResponses } from '@school/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where the browsable page of the API lives; its own files are under `${DOCS_PREFIX}/static/`. */
export const DOCS_PREFIX = '/api/docs';

/** The OpenAPI document as `GET /api/openapi.json` answers it (its paths and schemas are described by OpenAPI itself). */
const openApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) })
  .loose();

/**
 * Collects every route's schemas for the OpenAPI document. Registered before the features, so it
 * sees each route as it is added; the zod schemas become JSON Schema through the type provider.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.deps.config.schoolName} portal API`,
        version: '1.0.0',
        description:
          'The calls of the school portal. Mutating calls need the X-XSRF-TOKEN header echoing the XSRF-TOKEN cookie that GET /sanctum/csrf-cookie sets; every 4xx and 5xx answer is `{ message, errors }`.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/** Darker badges and links than the page's own, so every text reaches a 4.5:1 contrast (WCAG AA). */
const readableColours = `
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1565c0; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #2e7d32; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #a84300; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c62828; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #00695c; }
.swagger-ui .info .title small pre, .swagger-ui .info .title small.version-stamp pre { background: #4a5568; color: #ffffff; }
.swagger-ui .info .title small.version-stamp { background: #3b6e00; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1a5fb4; }
`;

/** The answers a route of the documentation page declares, by what it serves. */
function docsPageAnswers(url: string) {
  if (url.endsWith('/json')) return { 200: openApiDocumentSchema, ...errorResponses };
  if (url.endsWith('/yaml')) return { 200: binaryResponse('application/x-yaml'), ...errorResponses };
  if (url.endsWith('/static/index.html')) return { 200: binaryResponse('text/html'), 302: z.null(), ...errorResponses };
  if (url.includes('/static/'))
    return { 200: binaryResponse('application/javascript', 'text/css', 'image/png', 'image/svg+xml', 'text/html'), ...errorResponses };
  return { 200: binaryResponse('text/html'), ...errorResponses };
}

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the route schemas; and
 * `/api/docs`: a browsable page of it, served with its scripts and styles from this origin under
 * the app's own Content-Security-Policy. Neither holds any data, so visitors may read both.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  let document: string | undefined;
  app.get(
    '/api/openapi.json',
    {
      config: { access: 'visitor' },
      schema: { summary: 'This document', tags: ['API document'], response: { 200: openApiDocumentSchema, ...errorResponses } },
    },
    async (request, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );

  await app.register(async (docs) => {
    // The page's own routes are the plugin's: each is open to visitors, declares what it serves, and stays out of the document.
    docs.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...(route.config as object), access: 'visitor' } as RouteOptions['config'];
      route.schema = { ...route.schema, hide: true, response: docsPageAnswers(route.url) } as RouteOptions['schema'];
    });
    // The page's scripts and styles hold no data: unlike the API's answers, a browser may keep them for an hour.
    docs.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith(`${DOCS_PREFIX}/static/`) && !request.url.endsWith('.html')) reply.header('cache-control', 'public, max-age=3600');
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // BaseLayout: the document without the explorer's top bar (its URL box would load other documents).
      uiConfig: { layout: 'BaseLayout', deepLinking: false, defaultModelsExpandDepth: 0 },
      validatorUrl: false,
      theme: { title: `${app.deps.config.schoolName} portal API`, css: [{ filename: 'portal.css', content: readableColours }] },
    });
  });
}
