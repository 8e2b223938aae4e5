import { randomBytes } from 'node:crypto';

import { Global, Module, ModuleMetadata, Provider, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, loadConfig } from '@platform/config';
import { type Logger, silentLogger } from '@platform/logging';
import { APP_CONFIG, SERVER_SECRET } from '@platform/tokens';

import { createFastifyAdapter } from '../fastify-adapter';
import { installRequestPipeline } from '../request-pipeline';
import { HttpSecurityModule } from '../security/http-security.module';
import { ServerSecret } from '../security/server-secret';

export interface TestHttpAppOptions {
  imports?: ModuleMetadata['imports'];
  controllers?: Type[];
  providers?: Provider[];
  /** Default: loadConfig({ NODE_ENV: 'test' }). */
  config?: AppConfig;
  /** Default: a random one. */
  secret?: ServerSecret;
  /** Default: a silent one. */
  logger?: Logger;
}

/**
 * A Nest app with only the given controllers plus HttpSecurityModule (GET /api/auth/csrf and the
 * debug endpoints), behind the same request pipeline as the real app (cookies, CSRF, NUL
 * stripping, error filter): for testing HTTP helpers with test-only routes, in milliseconds.
 */
export async function createTestHttpApp(options: TestHttpAppOptions = {}): Promise<NestFastifyApplication> {
  const config = options.config ?? loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const secret = options.secret ?? new ServerSecret(randomBytes(32).toString('hex'));

  @Global()
  @Module({
    providers: [
      { provide: APP_CONFIG, useValue: config },
      { provide: SERVER_SECRET, useValue: secret },
    ],
    exports: [APP_CONFIG, SERVER_SECRET],
  })
  class TestPlatformModule {}

  @Module({
    imports: [TestPlatformModule, HttpSecurityModule, ...(options.imports ?? [])],
    controllers: options.controllers ?? [],
    providers: options.providers ?? [],
  })
  class TestHttpModule {}

  const adapter = createFastifyAdapter(silentLogger, config.http.trustProxy);
  const app = await NestFactory.create<NestFastifyApplication>(TestHttpModule, adapter, { logger: false });
  await installRequestPipeline(app, {
    logger: options.logger ?? silentLogger,
    secret,
    frontendDist: null,
    transport: config.http,
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
