import type { AppDispatch } from '@/app/store';

import { authApi } from './api';

/** A subscription to the current user, as `initiate` returns it. */
export interface SessionRequest {
  unsubscribe(): void;
}

let startUpRequest: SessionRequest | undefined;

/**
 * Asks for the current user as the start-up's delay ends, before the first render (§4: "after about
 * 100 ms the current user is fetched"). The root's own subscription starts in an effect, after the
 * first render has been painted; on a phone that render is a few hundred milliseconds of main thread
 * that the question no longer waits behind (issue 37). The app root adopts the request as its fetch
 * on mount (takeStartUpSessionRequest), so a start asks once.
 */
export function askSessionAtStartUp(dispatch: AppDispatch): void {
  startUpRequest = dispatch(authApi.endpoints.getMe.initiate(undefined));
}

/** The start-up's request, to the first caller only: a root mounted again later asks afresh. */
export function takeStartUpSessionRequest(): SessionRequest | undefined {
  const request = startUpRequest;
  startUpRequest = undefined;
  return request;
}
