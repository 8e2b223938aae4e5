import type { FastifyRequest, onRouteHookHandler, RouteHandlerMethod } from 'fastify';

import { type AppendWitness, newAppendWitness, withAppendWitness } from '../event-store/append-witness';

type Witnessed = FastifyRequest & { dcAppends?: AppendWitness };

/** The appends a request made, as far as its handler got (ErrorFilter reads it). */
export const appendsOf = (request: FastifyRequest): AppendWitness | undefined => (request as Witnessed).dcAppends;

/**
 * Runs each route's handler with an append witness, kept on the request: every append whose events
 * carry the request's id (its commands' metadata) is seen. Wrapping the handler where Fastify adds the
 * route, rather than a Nest interceptor, costs no observable pipeline and no AsyncResource per request
 * (a quarter of the API's CPU per feed request, docs/performance.md). Add before the routes are.
 */
export const appendWitnessHook: onRouteHookHandler = (route) => {
  const handler = route.handler as RouteHandlerMethod;
  route.handler = function (this: unknown, request, reply) {
    const witness = newAppendWitness();
    (request as Witnessed).dcAppends = witness;
    return withAppendWitness(String(request.id), witness, () => handler.call(this as never, request, reply));
  };
};
