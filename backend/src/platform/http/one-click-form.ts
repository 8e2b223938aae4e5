// Brings the plugin's request.parts() and isMultipart() types (the plugin is registered by the request pipeline).
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { ApiError } from './api-error';
import { errorBody } from './http-error';
import { isOneClickUnsubscribe, ONE_CLICK_FIELD, ONE_CLICK_VALUE } from './security/one-click-unsubscribe';

const FORM = 'application/x-www-form-urlencoded';
/** `List-Unsubscribe=One-Click` is 26 bytes; a provider adds nothing of size. */
const FORM_BODY_LIMIT = 1024;
const MULTIPART_LIMITS = { fields: 4, fieldNameSize: 64, fieldSize: 64, files: 0, parts: 4 };

export const ONE_CLICK_REFUSED = errorBody(
  400,
  `A one-click unsubscribe must carry ${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`,
  'ONE_CLICK_INVALID',
);

/**
 * The API takes JSON, not urlencoded forms, with one exception: the RFC 8058 one-click unsubscribe
 * POST (security/one-click-unsubscribe.ts), which mail providers send as a form. Its body is
 * parsed (small, flat: `{ 'List-Unsubscribe': 'One-Click' }`); a form anywhere else answers 415 as
 * before, so no other route starts taking forms.
 */
export function acceptOneClickUnsubscribeForms(fastify: FastifyInstance): void {
  if (fastify.hasContentTypeParser(FORM)) return;
  fastify.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (request, body, done) => {
    if (!isOneClickUnsubscribe(request))
      return done(new ApiError(415, errorBody(415, `Unsupported Media Type: ${FORM}`)), undefined);
    // Own properties only (fromEntries defines them), so a "__proto__" field is just a field.
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/**
 * Checks that a one-click POST says what RFC 8058 says it must (`List-Unsubscribe=One-Click`, as a
 * urlencoded or a multipart form), else 400: the token alone in a form from anywhere is not enough.
 */
export async function assertOneClickBody(request: FastifyRequest): Promise<void> {
  let value: unknown;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({ limits: MULTIPART_LIMITS }))
        if (part.type === 'field' && part.fieldname === ONE_CLICK_FIELD) value = part.value;
    } catch {
      // A file, too many parts or a broken body: not what a mail provider sends.
      throw new ApiError(400, ONE_CLICK_REFUSED);
    }
  } else {
    value = (request.body as Record<string, unknown> | undefined)?.[ONE_CLICK_FIELD];
  }
  if (value !== ONE_CLICK_VALUE) throw new ApiError(400, ONE_CLICK_REFUSED);
}
