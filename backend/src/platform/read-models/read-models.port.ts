import type { Collection, Doc, IndexSearch, SearchHit, SearchIndex } from '../read-store/read-store.port';

/** Where the runner keeps each projector's state (generation, lease): always present once started. */
export const PROJECTION_STATE_COLLECTION = 'dc_projection_state';

/**
 * The query side's door to read models: a logical collection name ("posts") to the collection that
 * serves reads now. The projection runner implements it (generations, its cache of what it
 * committed); modules depend only on this.
 */
export interface ReadModels {
  collection<T extends Doc = Doc>(logicalName: string): Collection<T>;
  searchIndex(logicalName: string): SearchIndex;
  /** Several searches (`index`: a logical name) asked together: one round trip where the store allows. */
  searchMany(searches: readonly IndexSearch[]): Promise<SearchHit[][]>;
}

/**
 * Read-your-writes: how far the projections have got. A command waits until the read models its
 * events touch have passed the checkpoint of its append.
 */
export interface ProjectionProgress {
  /** Projectors whose read models change with these event types. */
  affectedBy(eventTypes: readonly string[]): string[];
  /** True when every named projector has passed checkpoint within timeoutMs. */
  waitFor(checkpoint: string, names: readonly string[], timeoutMs: number): Promise<boolean>;
}
