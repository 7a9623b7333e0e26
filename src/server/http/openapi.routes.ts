/**
 * GET /api/openapi.json: the API as OpenAPI 3.1 (openapi-document.ts), and at /docs/api the
 * interactive reference: Swagger UI (@fastify/swagger-ui), its files served from this server, so it
 * needs no CDN and runs under the app's own Content-Security-Policy (scripts from 'self' only).
 * 'Try it out' calls this same origin with `Authorization: Bearer <token>` once a token is entered
 * under Authorize, and shows the equivalent curl command.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openApiEndpoint } from '../../contract/openapi';
import { heatSignalOpenApi } from './openapi-document';
import { sendPrebuiltWithETag } from './prebuilt-json';

const API_REFERENCE_PATH = '/docs/api';

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="40" viewBox="0 0 220 40">
<text x="0" y="28" font-family="system-ui, sans-serif" font-size="24" font-weight="700" fill="#ffffff">Heat<tspan fill="#f97316">Signal</tspan><tspan fill="#cbd5e1" font-weight="400"> API</tspan></text>
</svg>`;

export async function registerOpenApiRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      openApiEndpoint.path,
      { schema: { response: { 200: openApiEndpoint.response } } },
      async (request, reply) => sendPrebuiltWithETag(request, reply, heatSignalOpenApi().json),
    );
  // In its own scope: the `swagger` decorator stays out of the rest of the app.
  await app.register(async (scope) => {
    // @fastify/swagger-ui needs @fastify/swagger's document, which is fixed at registration; ours is
    // built on first request instead, so a start or a test app does not pay for it. The placeholder
    // is never served: /docs/api/json and /yaml answer the real document through transformSpecification.
    await scope.register(swagger, {
      mode: 'static',
      specification: {
        document: { openapi: '3.1.0', info: { title: 'HeatSignal API', version: '' }, paths: {} },
      },
    });
    await scope.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      transformSpecification: () => heatSignalOpenApi().document,
      transformSpecificationClone: false,
      uiConfig: {
        // The top bar loads this URL rather than the plugin's own /docs/api/json copy.
        urls: [{ url: openApiEndpoint.path, name: 'HeatSignal API' }],
        persistAuthorization: true,
        displayRequestDuration: true,
        filter: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
      },
      theme: { title: 'HeatSignal API reference' },
      logo: { type: 'image/svg+xml', content: Buffer.from(LOGO) },
    });
  });
}
