/** The home screen (feed and verification notice). Loaded lazily by app/routes.tsx. */
export { default as HomeScreen } from './screens/HomeScreen';
