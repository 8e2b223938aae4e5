/** Search, the AI scholar and the Q&A community feed. The screens are loaded lazily by app/routes.tsx. */
export { isQuestion } from './question';
export { default as SearchResultsScreen } from './screens/SearchResultsScreen';
export { default as SearchScreen } from './screens/SearchScreen';
