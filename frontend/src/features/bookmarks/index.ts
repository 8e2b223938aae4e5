/** The member's saved posts. The screen is loaded lazily by app/routes.tsx. */
export { default as BookmarksScreen } from './screens/BookmarksScreen';
