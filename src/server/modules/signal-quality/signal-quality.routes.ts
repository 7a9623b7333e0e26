import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signalQualityEndpoint } from '../../../contract/signal-quality';
import type { ViewerResolver } from '../auth/viewer';
import type { SignalQualityService } from './signal-quality.service';

export function registerSignalQualityRoutes(
  app: FastifyInstance,
  deps: { signalQuality: SignalQualityService; viewers: ViewerResolver },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    signalQualityEndpoint.path,
    {
      schema: {
        querystring: signalQualityEndpoint.query,
        response: { 200: signalQualityEndpoint.response },
      },
    },
    async (request) => {
      await deps.viewers.requireUser(request);
      return deps.signalQuality.read(request.query);
    },
  );
}
