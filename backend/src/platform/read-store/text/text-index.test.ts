import { PGliteSqlClient } from '../../sql/pglite.sql-client';
import type { SqlClient } from '../../sql/sql-client';
import { createTestPgClient } from '../../sql/testing/test-databases';
import { postgresReachable } from '../../testing/services';
import type { SearchDocument, SearchHit, SearchIndex, SearchQueryOptions } from '../read-store.port';
import { SqlReadStore } from '../sql.read-store';
import { keptPositions } from './indexed-text';
import { parseSearchDocument } from './search-document';
import { TextIndex } from './text-index';
import { tokenise } from './tokenise';

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = [
  'prayer',
  'praying',
  'pray',
  'mercy',
  'merciful',
  'dawn',
  'fajr',
  'صلاة',
  'الصلاة',
  'رحمة',
  'zakat',
  'x',
];
const next = random(11);
const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
const text = (n: number) => Array.from({ length: n }, pick).join(' ');
const id = (i: number) => `p${String(i).padStart(4, '0')}`;

function put(memory: TextIndex[], sqlIndex: SearchIndex, key: string, doc: SearchDocument) {
  const { tokens, fields } = parseSearchDocument(doc);
  for (const m of memory) m.put(key, keptPositions(tokens), fields);
  return sqlIndex.upsert(key, doc);
}

/** Texts of every shape: one word or its start, several words, words no document has, nothing searchable. */
function texts(): string[] {
  const out = ['p', 'pr', 'ص', 'ال', 'mercy', 'dawn fajr', 'prayer mercy d', 'zakat zakat', 'none', '!!', 'x'];
  for (let i = 0; i < 60; i++) {
    const words = text(1 + Math.floor(next() * 3)).split(' ');
    words[words.length - 1] = words.at(-1)!.slice(0, 1 + Math.floor(next() * 4));
    out.push(words.join(' '));
  }
  return out;
}

// Field order aside (jsonb orders keys its own way).
const shown = (hits: SearchHit[]) =>
  JSON.stringify(hits.map((h) => [h.id, h.score, Object.entries(h.fields).sort(([a], [b]) => (a < b ? -1 : 1))]));

const OPTIONS: SearchQueryOptions[] = [
  {},
  { limit: 5 },
  { limit: 20, newest: 7 },
  { limit: 3, where: { kind: 'post' } },
  { limit: 50, newest: 30, where: { kind: 'answer' } },
];

describe('a text index in memory answers as the SQL search index does', () => {
  let sql: SqlClient & { dispose?(): Promise<void> };
  let store: SqlReadStore;
  let sqlIndex: SearchIndex;
  // The second reads every document newest first where the first merges the prefix's lists; the
  // last two intersect every list through bitsets (in the index the third, as the first merges).
  const memory = [new TextIndex(), new TextIndex(0), new TextIndex(undefined, 1), new TextIndex(0, 1)];

  beforeAll(async () => {
    sql = postgresReachable() ? await createTestPgClient('textidx', 4) : await PGliteSqlClient.open();
    store = new SqlReadStore(sql);
    await store.ensureSearchIndex('texts');
    sqlIndex = store.searchIndex('texts');
    // Out of id order on purpose (an edit or an import is not an append).
    const order = Array.from({ length: 300 }, (_, i) => i).sort(() => next() - 0.5);
    for (const i of order)
      await put(memory, sqlIndex, id(i), {
        text: text(1 + Math.floor(next() * 25)),
        fields: { kind: next() < 0.7 ? 'post' : 'answer', at: i },
      });
  });
  afterAll(async () => (sql.dispose ? sql.dispose() : sql.close()));

  async function expectSameAnswers() {
    const differing: unknown[] = [];
    for (const t of texts())
      for (const options of OPTIONS) {
        const fromSql = await sqlIndex.query(t, options);
        for (const m of memory) {
          const fromMemory = m.query(t, options);
          if (shown(fromSql) !== shown(fromMemory)) differing.push({ t, options, fromSql, fromMemory });
        }
      }
    expect(differing.slice(0, 2)).toEqual([]);
  }

  it('finds the same documents, in the same order, with the same scores', async () => {
    expect(memory.map((m) => m.size)).toEqual([300, 300, 300, 300]);
    await expectSameAnswers();
  });

  it('still does after documents are rewritten and removed', async () => {
    for (let i = 0; i < 300; i += 7)
      await put(memory, sqlIndex, id(i), { text: text(5), fields: { kind: 'post', at: i } });
    for (let i = 3; i < 300; i += 11) {
      for (const m of memory) m.remove(id(i));
      await sqlIndex.remove(id(i));
    }
    memory[0]!.remove('never-there');
    expect(memory.map((m) => m.size)).toEqual([273, 273, 273, 273]);
    await expectSameAnswers();
  });

  it('forgets a term no document holds any longer', async () => {
    const index = new TextIndex();
    index.put('a', keptPositions(tokenise('zzz yyy')), {});
    index.put('a', keptPositions(tokenise('yyy')), {});
    expect(index.query('zzz')).toEqual([]);
    expect(index.query('zz')).toEqual([]);
    expect(index.query('yyy').map((h) => h.id)).toEqual(['a']);
    index.remove('a');
    expect(index.query('y')).toEqual([]);
  });

  it('keeps documents in id order however they arrive (numbering them again when it must)', () => {
    const index = new TextIndex();
    // Each one before all the others: the numbers between halve until none is left.
    for (let i = 1199; i >= 0; i--) index.put(`d${String(i).padStart(4, '0')}`, keptPositions(tokenise('sabr')), {});
    index.put('d0600x', keptPositions(tokenise('sabr')), {});
    const newest = index.query('sabr', { newest: 3, limit: 3 }).map((h) => h.id);
    expect(newest).toEqual(['d1197', 'd1198', 'd1199']);
    expect(index.query('sabr', { limit: 1000 }).map((h) => h.id)).toEqual(
      [...Array.from({ length: 1200 }, (_, i) => `d${String(i).padStart(4, '0')}`), 'd0600x'].sort().slice(0, 1000),
    );
  });

  it('intersects through bitsets that follow documents added, removed and put between others', () => {
    const index = new TextIndex(undefined, 1);
    const doc = (i: number) => `d${String(i).padStart(4, '0')}`;
    const put = (key: string, text: string) => index.put(key, keptPositions(tokenise(text)), {});
    const newest = (count: number) => index.query('sabr shukr', { newest: count, limit: count }).map((h) => h.id);
    for (let i = 0; i < 40; i++) put(doc(i), i % 2 ? 'sabr shukr' : 'sabr');
    expect(newest(3)).toEqual([doc(35), doc(37), doc(39)]);
    // Added last, past the words the bitsets were made with.
    for (let i = 40; i < 200; i++) put(doc(i), i % 2 ? 'sabr shukr' : 'sabr');
    expect(newest(3)).toEqual([doc(195), doc(197), doc(199)]);
    index.remove(doc(199));
    put(doc(198), 'sabr shukr');
    put(`${doc(196)}x`, 'sabr shukr');
    expect(newest(4)).toEqual([doc(195), `${doc(196)}x`, doc(197), doc(198)]);
    expect(index.query('sabr shukr', { limit: 1000 })).toHaveLength(101);
  });
});
