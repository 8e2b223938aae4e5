import type { Collection, CollectionSpec, Doc, ReadStore, SearchIndex } from '../../read-store.port';

/** What each part of the contract suite gets: the store under test and fresh, isolated names. */
export interface ContractContext {
  /** The adapter under test ('memory', 'pglite', 'postgres', 'mongodb'), known when tests are registered. */
  engine: string;
  store(): ReadStore;
  /** A new, ensured collection; spec adds indexes or array fields. */
  collection<T extends Doc = Doc>(spec?: Omit<CollectionSpec, 'name'>): Promise<Collection<T> & { name: string }>;
  searchIndex(): Promise<SearchIndex & { name: string }>;
  uniqueName(prefix: string): string;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
