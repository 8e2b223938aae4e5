import type { FastifyRequest } from 'fastify';

/**
 * Routes called by payment providers, which sign the bytes they send (or, for Daraja, the URL):
 * their JSON body is kept exactly as received for the signature check, and they carry no CSRF
 * token (no browser, no cookie: nothing a forged cross-site request could borrow).
 */
export const RAW_BODY_ROUTE_PREFIXES = ['/api/payments/webhooks/', '/api/payments/callbacks/'] as const;

export const wantsRawBody = (url: string): boolean => RAW_BODY_ROUTE_PREFIXES.some((prefix) => url.startsWith(prefix));

export type RawBodyRequest = FastifyRequest & { rawBody?: Buffer };
