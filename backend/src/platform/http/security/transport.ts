import type { FastifyRequest } from 'fastify';

const HTTPS_ONLY = Symbol('dc.httpsOnly');

type Marked = FastifyRequest & { [HTTPS_ONLY]?: true };

/**
 * Marks a request of a server that is only ever reached over https (production, where a TLS proxy
 * in front may not say so when TRUST_PROXY is off): its cookies are Secure whatever its protocol.
 */
export function markHttpsOnly(request: FastifyRequest): void {
  (request as Marked)[HTTPS_ONLY] = true;
}

/**
 * Whether cookies set on this request's answer get Secure (and the answer HSTS): always on an
 * https-only server, else when the request came over https (directly, or X-Forwarded-Proto
 * through a trusted proxy), so plain-http development and tests keep working.
 */
export function isSecureTransport(request: FastifyRequest): boolean {
  return (request as Marked)[HTTPS_ONLY] === true || request.protocol === 'https';
}
