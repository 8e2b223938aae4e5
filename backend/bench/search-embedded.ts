import { SqlReadStore } from '../src/platform/read-store/sql.read-store';
import { loadTextIndex } from '../src/platform/read-store/text/text-index';
import { PGliteSqlClient } from '../src/platform/sql/pglite.sql-client';

/**
 * The embedded engine (`npm start`): PGlite runs on the app's own thread, so a text its index answers
 * costs the app what PostgreSQL's processes cost elsewhere. The same posts' search index on PGlite,
 * and held in memory as a runner holds it (live-text-index.ts), asked the same texts one by one: CPU
 * of this process per text, each way. No HTTP: the search around it is the same either way.
 */
export async function embeddedSearch(posts: number, sentence: () => string, texts: Record<string, string[]>) {
  const sql = await PGliteSqlClient.open();
  try {
    const store = new SqlReadStore(sql);
    await store.ensureSearchIndex('posts');
    const index = store.searchIndex('posts');
    for (let i = 0; i < posts; i++)
      await index.upsert(`p${String(i).padStart(7, '0')}`, { text: sentence(), fields: { kind: 'post' } });
    const memory = (await loadTextIndex(index))!;
    const options = { limit: 120, newest: 1000 };
    const cpuPerText = async (list: string[], ask: (text: string) => Promise<unknown> | unknown) => {
      const started = process.cpuUsage();
      for (const text of list) await ask(text);
      const used = process.cpuUsage(started);
      return ((used.user + used.system) / 1000 / list.length).toFixed(2);
    };
    console.log(`\nEmbedded engine, ${posts.toLocaleString('en-US')} posts, CPU of the app's thread per text:`);
    for (const [name, list] of Object.entries(texts)) {
      const viaPglite = await cpuPerText(list, (t) => index.query(t, options));
      const viaMemory = await cpuPerText(list, (t) => memory.query(t, options));
      console.log(`  ${name.padEnd(28)} PGlite ${viaPglite} ms, index in memory ${viaMemory} ms`);
    }
  } finally {
    await sql.close();
  }
}
