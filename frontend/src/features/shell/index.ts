/** The app's frame: layout, header, menus, route guard, error boundary and theme. */
export { ErrorBoundary } from './components/ErrorBoundary';
export { Layout } from './components/Layout';
export { ProtectedRoute } from './components/ProtectedRoute';
export { default as NotFoundScreen } from './screens/NotFoundScreen';
export { default as PlaceholderScreen } from './screens/PlaceholderScreen';
export { applyTheme, initialTheme } from './useTheme';
