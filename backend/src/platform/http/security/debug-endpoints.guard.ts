import { CanActivate, ExecutionContext, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { APP_CONFIG } from '@platform/tokens';
import type { FastifyRequest } from 'fastify';

/**
 * The debug console endpoints exist outside production unless DEBUG_ENDPOINTS=false, and in
 * production only with DEBUG_ENDPOINTS=true. When off they answer exactly like an unknown path,
 * so a scan cannot tell they are there.
 */
@Injectable()
export class DebugEndpointsGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.config.debugEndpoints) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    throw new NotFoundException(`Cannot ${request.method} ${request.url}`);
  }
}
