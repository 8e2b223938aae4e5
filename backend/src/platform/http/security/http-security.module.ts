import { Module } from '@nestjs/common';

import { CsrfController } from './csrf.controller';
import { DebugController } from './debug.controller';
import { DebugEndpointsGuard } from './debug-endpoints.guard';

/**
 * CSRF tokens and the debug console endpoints. The CSRF check itself is a Fastify hook installed
 * by the request pipeline (see csrf.hook.ts for why it is not a guard).
 */
@Module({ controllers: [CsrfController, DebugController], providers: [DebugEndpointsGuard] })
export class HttpSecurityModule {}
