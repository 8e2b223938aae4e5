import { Body, type PipeTransform } from '@nestjs/common';
import type { ZodTypeAny } from 'zod';

import { parseBody } from './parse-body';

export class ZodBodyPipe<S extends ZodTypeAny> implements PipeTransform {
  constructor(private readonly schema: S) {}

  transform(value: unknown) {
    return parseBody(this.schema, value);
  }
}

/**
 * `@ZodBody(schema) body: z.output<typeof schema>`: the request body validated by the schema, or
 * 400 VALIDATION_FAILED before the handler runs.
 */
export const ZodBody = (schema: ZodTypeAny): ParameterDecorator => Body(new ZodBodyPipe(schema));
