export { SEARCH_LIMITS, SEARCH_MESSAGES } from './limits';
export { SearchQueries } from './queries/search.queries';
export { SearchModule } from './search.module';
