import { Journal } from './journal';

describe('Journal', () => {
  it('restores the first previous value of each entry it touched, and only those', () => {
    const table = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const journal = new Journal();
    journal.write(table, 'a', 10);
    journal.write(table, 'a', 11);
    journal.write(table, 'b', undefined);
    journal.write(table, 'c', 3);
    table.set('outside', 99); // another writer, not part of the transaction
    journal.rollback();
    expect([...table]).toEqual([
      ['a', 1],
      ['outside', 99],
      ['b', 2],
    ]);
  });
});
