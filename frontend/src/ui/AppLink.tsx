import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useContext } from 'react';
import { createPath, UNSAFE_LocationContext, UNSAFE_NavigationContext } from 'react-router-dom';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute app address: `/post/1`, `/search?q=x`. */
  to: string;
}

/** A plain left click in this tab: the router takes it; anything else (a new tab, a download) the browser does. */
const forTheRouter = (event: MouseEvent<HTMLAnchorElement>): boolean =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
  (!event.currentTarget.target || event.currentTarget.target === '_self');

/**
 * A link to an absolute app address, for lists that render many (a feed card holds four to six):
 * react-router's Link resolves its address against the current route on every render, about ten
 * hooks a link, a twentieth of a first load's script on /home (issue 37); an absolute address needs
 * none of that, only the router's navigator when clicked. As Link does, a link to where the reader
 * already is replaces the history entry rather than adding one.
 */
export function AppLink({ to, onClick, ...anchor }: AppLinkProps) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { location } = useContext(UNSAFE_LocationContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!forTheRouter(event)) return;
    event.preventDefault();
    if (createPath(location) === to) navigator.replace(to);
    else navigator.push(to);
  };
  return <a {...anchor} href={navigator.createHref(to)} onClick={follow} />;
}
