import { HttpException } from '@nestjs/common';

import type { ErrorBody } from './http-error';

/**
 * An error whose body and headers go to the client exactly as given (the error filter sends them
 * untouched): for answers that carry more than `{ error, message, code }`, such as the fields of a
 * validation failure or the Retry-After of a 429.
 */
export class ApiError<B extends ErrorBody = ErrorBody> extends HttpException {
  constructor(
    status: number,
    readonly body: B,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body, status);
  }
}
