import { existsSync } from 'node:fs';

import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { installCompression } from '@platform/http/compression';
import { BODY_LIMIT, createFastifyAdapter } from '@platform/http/fastify-adapter';
import { acceptEmptyJsonBodies } from '@platform/http/json-body';
import { acceptOneClickUnsubscribeForms } from '@platform/http/one-click-form';
import { installRequestPipeline } from '@platform/http/request-pipeline';
import { isSourceMapPath, SOURCE_MAP_GLOB } from '@platform/http/source-maps';
import { installHttpMetrics, installOpsRoutes, type OpsDeps } from '@platform/metrics';

import type { PlatformProviders } from '../platform/platform.module';
import { AppModule } from './app.module';
import { installLinkPreviews } from './link-previews';

/**
 * Builds the NestJS app on Fastify: the request pipeline (request ids, cookies, CSRF, error
 * filter), the app's modules, the built web app when present, and the ops routes (metrics, readiness).
 */
export async function createHttpApp(providers: PlatformProviders, ops?: OpsDeps): Promise<NestFastifyApplication> {
  const adapter = createFastifyAdapter(providers.logger, providers.config.http.trustProxy);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(providers), adapter, {
    logger: ['error', 'warn'],
    bufferLogs: false,
    // Fastify's JSON parser, replaced below by one that takes an empty body; urlencoded forms only
    // for the one-click unsubscribe of mail providers.
    bodyParser: false,
  });
  acceptEmptyJsonBodies(app.getHttpAdapter().getInstance(), {
    bodyLimit: BODY_LIMIT,
    maxItems: providers.config.http.jsonMaxItems,
  });
  acceptOneClickUnsubscribeForms(app.getHttpAdapter().getInstance());
  await installCompression(app.getHttpAdapter().getInstance());
  const dist = providers.config.frontendDist;
  const hasFrontend = existsSync(dist);
  if (hasFrontend) {
    // Hashed assets are immutable; index.html must be revalidated so new releases load.
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      // index.html and the assets as the build compressed them (.br, .gz), as the client accepts.
      preCompressed: true,
      // Source maps carry the whole source: never served, even if a build left some behind.
      globIgnore: [SOURCE_MAP_GLOB],
      allowedPath: (path) => !isSourceMapPath(path),
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  await installRequestPipeline(app, {
    logger: providers.logger,
    secret: providers.secret,
    frontendDist: hasFrontend ? dist : null,
    transport: providers.config.http,
  });
  // Shared links to a post, course, profile or page answer the web app with that item's preview tags.
  if (hasFrontend)
    installLinkPreviews(app, {
      dist,
      publicUrl: providers.config.http.publicUrl,
      production: providers.config.env === 'production',
      logger: providers.logger,
    });
  // GET /metrics and /api/ready, and every request counted by route (ops/README in the repo README).
  if (ops) {
    installHttpMetrics(app.getHttpAdapter().getInstance(), ops.metrics);
    installOpsRoutes(app.getHttpAdapter().getInstance(), ops, { metricsToken: providers.config.metrics.token });
  }
  // No Nest shutdown hooks: main.ts owns the signals and closes HTTP, projections and stores in order.
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
