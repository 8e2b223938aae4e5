import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';

import { type AppendWitness, newAppendWitness, withAppendWitness } from '../event-store/append-witness';

type Witnessed = FastifyRequest & { dcAppends?: AppendWitness };

/** The appends a request made, as far as its handler got (ErrorFilter reads it). */
export const appendsOf = (request: FastifyRequest): AppendWitness | undefined => (request as Witnessed).dcAppends;

/**
 * Runs each handler with an append witness, kept on the request: Nest binds the handler to the
 * async context in which `next.handle()` is called, so every append it makes is seen.
 */
@Injectable()
export class AppendWitnessInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const witness = newAppendWitness();
    context.switchToHttp().getRequest<Witnessed>().dcAppends = witness;
    return withAppendWitness(witness, () => next.handle());
  }
}
