/** The learning marketplace. Its screens are loaded lazily by app/routes.tsx; the shell shows the cart link. */
export { CartLink } from './components/CartLink';
