import { ApiError, errorBody } from '@platform/http';

import type { PaymentMethod } from './events';
import { PaymentError } from './ports/payment-provider.port';

/** A provider's refusal as the client sees it: its status and message, never the provider's raw detail. */
export function paymentHttpError(error: PaymentError): ApiError {
  return new ApiError(error.httpStatus, errorBody(error.httpStatus, error.message, error.code));
}

/** No provider takes this method here (production without one; the sandbox was not asked for). */
export function methodUnavailable(method: PaymentMethod): ApiError {
  const what = method === 'card' ? 'Card payments' : 'M-Pesa payments';
  return new ApiError(503, errorBody(503, `${what} are not available right now`, 'PAYMENT_METHOD_UNAVAILABLE'));
}

export const isPaymentError = (error: unknown): error is PaymentError => error instanceof PaymentError;
