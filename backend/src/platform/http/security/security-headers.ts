import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { isSecureTransport, markHttpsOnly } from './transport';

/**
 * The sha256 sources of the inline scripts of the built index.html (the splash error catcher), so
 * the policy can allow exactly them and no other inline script ('unsafe-inline' stays out).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = m[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * One policy for every answer of the server: the web app's needs, which an API answer never uses.
 * Styles keep 'unsafe-inline' (React style attributes, the splash <style>); scripts do not. Stripe.js
 * is the one foreign script (card payments when Stripe is configured); blob: serves previews of
 * picked files, recorded voice notes and the upload worker.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const stripe = 'https://js.stripe.com';
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, stripe].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self' https://api.stripe.com",
    `frame-src ${stripe} https://hooks.stripe.com`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The microphone (voice notes) and camera (video capture) stay with the app itself; nothing else is asked for. */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(self), geolocation=(), payment=(self), usb=(), interest-cohort=()';

const ONE_YEAR = 365 * 24 * 3600;

/**
 * Security headers on every answer, set before any handler runs so that error answers and the web
 * app's files carry them too; a handler may still set a stricter policy of its own (media files do).
 * HSTS on an https-only server (production: a TLS proxy in front need not be trusted to say so),
 * else only when the request came over https: directly, or through a trusted proxy's X-Forwarded-Proto.
 */
export function securityHeaders(frontendDist: string | null, httpsOnly = false) {
  const index = frontendDist ? join(frontendDist, 'index.html') : null;
  const hashes = index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  const csp = contentSecurityPolicy(hashes);
  return async function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
    if (httpsOnly) markHttpsOnly(request);
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (isSecureTransport(request)) reply.header('strict-transport-security', `max-age=${ONE_YEAR}; includeSubDomains`);
  };
}
