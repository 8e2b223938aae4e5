import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from '@platform/logging';

import { appendWitnessHook } from './append-witness.hook';
import { ErrorFilter } from './error.filter';
import { csrfProtection } from './security/csrf.hook';
import { securityHeaders } from './security/security-headers';
import type { ServerSecret } from './security/server-secret';
import { stripNulFromBody } from './validation/strip-nul';

export interface RequestPipelineDeps {
  logger: Logger;
  secret: ServerSecret;
  /** The built web app served for unknown non-API GETs, or null. */
  frontendDist: string | null;
  /**
   * Production's transport (config.http): httpsOnly makes every cookie Secure and sends HSTS;
   * insecureHttp says production runs on plain http on purpose (a local trial), warned at start.
   * Default: neither, as in development and tests.
   */
  transport?: { httpsOnly: boolean; insecureHttp: boolean };
}

/**
 * What every request goes through before and after a handler: request id echo, security headers,
 * cookies, the CSRF check, NUL stripping of JSON bodies, the append witness and the error filter.
 * Shared by the app and by tests that mount test-only controllers, so those see exactly what
 * production does. Call before app.init().
 */
export async function installRequestPipeline(app: NestFastifyApplication, deps: RequestPipelineDeps): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRoute', appendWitnessHook);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (deps.transport?.insecureHttp) {
    deps.logger.warn(
      { component: 'http' },
      'INSECURE_HTTP=true: production on plain http, cookies without Secure and no HSTS (a local trial only, never on the internet)',
    );
  }
  fastify.addHook('onRequest', securityHeaders(deps.frontendDist, deps.transport?.httpsOnly ?? false));
  // Its own key, so identity can sign cookies (reply.setCookie(..., { signed: true })) if it wants.
  await app.register(fastifyCookie, { secret: deps.secret.key('cookie'), hook: 'onRequest' });
  // Multipart forms (posts, comments, profile edit). Parts are read by the handlers themselves with
  // request.parts({ limits }); these are the outer bounds. Registered once even if a module asks too.
  if (!fastify.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, {
      limits: { fileSize: 100 * 1024 * 1024, files: 10, fields: 50, fieldSize: 1024 * 1024, parts: 64 },
    });
  }
  // After the cookie plugin's hook: the CSRF check reads request.cookies.
  fastify.addHook('onRequest', csrfProtection(deps.secret));
  fastify.addHook('preValidation', stripNulFromBody);
  app.useGlobalFilters(new ErrorFilter(deps.logger, deps.frontendDist));
}
