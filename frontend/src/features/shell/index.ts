/** The app's frame: layout, header, menus, route guard, error boundary and theme. */
export { ErrorBoundary } from './components/ErrorBoundary';
export { Layout } from './components/Layout';
export { ProtectedRoute } from './components/ProtectedRoute';
export { applyTheme, initialTheme } from './useTheme';
// Not the screen: app/routes.tsx loads it from its own file, and a re-export here would bring the whole
// screen (and what it imports) to every screen that imports something else from this folder.
