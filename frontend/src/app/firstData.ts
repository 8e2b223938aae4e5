import { matchPath } from 'react-router-dom';

import { isSharedLink } from '../features/shell/components/ProtectedRoute';
import type { AppDispatch } from './store';

/** A query asked for without a screen to hold it: released once answered, its data then kept as any unused query's. */
interface Request extends PromiseLike<unknown> {
  unsubscribe(): void;
}
type Prefetch = (dispatch: AppDispatch) => Request;

const ask = (prefetch: Prefetch, dispatch: AppDispatch): void => {
  const request = prefetch(dispatch);
  void Promise.resolve(request).finally(() => request.unsubscribe());
};

/**
 * The first screens whose data a first load asks for before the first render, each from a chunk
 * of its own that holds only its api (fetched during start-up's delay, not the screen's chunks).
 */
const FIRST_DATA: [paths: string[], load: () => Promise<Prefetch>][] = [
  [['/', '/home'], () => import('../features/feed/prefetch').then((chunk) => chunk.prefetchHomeFeed)],
  [['/learning'], () => import('../features/learning/prefetch').then((chunk) => chunk.prefetchCatalogue)],
];

/**
 * Starts fetching the code that asks for the first screen's data at `pathname` (a member's, or a
 * visitor's on a link guests may open, as preloadFirstScreen), and returns what asks for it once the
 * store exists: one round trip sooner on a phone (issue 37). Elsewhere it does nothing.
 */
export function fetchFirstData(pathname: string, member: boolean): (dispatch: AppDispatch) => void {
  const found = FIRST_DATA.find(([paths]) => paths.some((path) => matchPath(path, pathname)));
  if (!found || !(member || isSharedLink(pathname))) return () => undefined;
  let prefetch: Prefetch | undefined;
  // On a failure the screen asks as it mounts, and shows its own error if the chunks stay away.
  const chunk = found[1]().then(
    (loaded) => (prefetch = loaded),
    () => undefined,
  );
  return (dispatch) => {
    if (prefetch) ask(prefetch, dispatch);
    else void chunk.then((loaded) => loaded && ask(loaded, dispatch));
  };
}
