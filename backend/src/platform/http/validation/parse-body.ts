import type { z, ZodTypeAny } from 'zod';

import { ValidationError } from './validation-error';

/** The body as the schema's output (trimmed, defaulted, ...), or a 400 ValidationError. */
export function parseBody<S extends ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}
