import type { Doc, ReadStore } from '../read-store.port';
import { type ContractContext } from './contract/context';
import { documentsContract } from './contract/documents.contract';
import { findContract } from './contract/find.contract';
import { leasesContract } from './contract/leases.contract';
import { schemaContract } from './contract/schema.contract';
import { searchContract } from './contract/search.contract';
import { transactionsContract } from './contract/transactions.contract';
import { updatesContract } from './contract/updates.contract';

export interface ReadStoreUnderTest {
  store: ReadStore;
  /** Drops whatever the store created (schema, database) and closes it. */
  dispose(): Promise<void>;
}

/**
 * The one behaviour every read store adapter must show. One store per suite; every test works on
 * collections and indexes of its own, so tests do not see each other's data.
 */
export function describeReadStoreContract(name: string, open: () => Promise<ReadStoreUnderTest>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let underTest: ReadStoreUnderTest | undefined;
    let seq = 0;
    const store = (): ReadStore => {
      if (!underTest) throw new Error('The store under test did not open');
      return underTest.store;
    };
    const uniqueName = (prefix: string) => `${prefix}_${++seq}`;
    const ctx: ContractContext = {
      engine: name,
      store,
      uniqueName,
      async collection<T extends Doc>(spec = {}) {
        const collectionName = uniqueName('c');
        await store().ensureCollection({ ...spec, name: collectionName });
        return Object.assign(store().collection<T>(collectionName), { name: collectionName });
      },
      async searchIndex() {
        const indexName = uniqueName('s');
        await store().ensureSearchIndex(indexName);
        return Object.assign(store().searchIndex(indexName), { name: indexName });
      },
    };

    beforeAll(async () => {
      underTest = await open();
    });
    afterAll(async () => {
      await underTest?.dispose();
    });

    documentsContract(ctx);
    updatesContract(ctx);
    findContract(ctx);
    transactionsContract(ctx);
    leasesContract(ctx);
    searchContract(ctx);
    schemaContract(ctx);
  });
}
