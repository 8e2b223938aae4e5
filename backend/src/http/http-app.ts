import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { AppModule } from '../app/app.module';
import type { PlatformProviders } from '../platform/platform.module';
import { newId } from '../platform/ids';
import { ErrorFilter } from './error.filter';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Builds the NestJS app on Fastify: request ids (kept from X-Request-Id when sane, echoed back),
 * pino request logs, the error filter, and the built web app when present.
 */
export async function createHttpApp(providers: PlatformProviders): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    loggerInstance: providers.logger.child({ component: 'http' }),
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : newId();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(providers), adapter, {
    logger: ['error', 'warn'],
    bufferLogs: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const dist = providers.config.frontendDist;
  const hasFrontend = existsSync(dist);
  if (hasFrontend) {
    // Hashed assets are immutable; index.html must be revalidated so new releases load.
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.useGlobalFilters(new ErrorFilter(providers.logger, hasFrontend ? dist : null));
  // No Nest shutdown hooks: main.ts owns the signals and closes HTTP, projections and stores in order.
  await app.init();
  await fastify.ready();
  return app;
}
