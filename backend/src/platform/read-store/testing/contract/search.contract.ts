import { ReadStoreError } from '../../core/errors';
import type { SearchIndex } from '../../read-store.port';
import type { ContractContext } from './context';

const ids = async (index: SearchIndex, text: string, options?: Parameters<SearchIndex['query']>[1]) =>
  (await index.query(text, options)).map((h) => h.id).sort();

export function searchContract(ctx: ContractContext): void {
  describe('text search', () => {
    const english = async () => {
      const index = await ctx.searchIndex();
      await index.upsert('dawn', { text: 'The Prophet prays at dawn.' });
      await index.upsert('evening', { text: 'Evening prayers together' });
      await index.upsert('fasting', { text: 'Fasting in Ramadan, and its rulings' });
      return index;
    };

    it('matches English words through light stemming: inflections meet, derived words do not', async () => {
      const index = await english();
      expect(await ids(index, 'praying')).toEqual(['dawn']);
      expect(await ids(index, 'PRAYED')).toEqual(['dawn']);
      expect(await ids(index, 'prayer')).toEqual(['evening']);
      expect(await ids(index, 'fasts')).toEqual(['fasting']);
      expect(await ids(index, 'ruling')).toEqual(['fasting']);
    });

    it('requires every word, treating only the last one as a prefix', async () => {
      const index = await english();
      expect(await ids(index, 'prophet dawn')).toEqual(['dawn']);
      expect(await ids(index, 'dawn ramadan')).toEqual([]);
      expect(await ids(index, 'ramad')).toEqual(['fasting']);
      expect(await ids(index, 'fasting ramad')).toEqual(['fasting']);
      expect(await ids(index, 'ramad fasting')).toEqual([]);
      expect(await ids(index, 'pra')).toEqual(['dawn', 'evening']);
    });

    it('ignores case and punctuation, and answers nothing for a query without words', async () => {
      const index = await english();
      expect(await ids(index, '  ...EVENING!!  ')).toEqual(['evening']);
      expect(await index.query('?!  ،')).toEqual([]);
      expect(await index.query('')).toEqual([]);
    });

    it('matches Arabic with or without diacritics, alef forms, ta marbuta, alef maqsura and the article', async () => {
      const index = await ctx.searchIndex();
      await index.upsert('basmala', { text: 'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ' });
      await index.upsert('iman', { text: 'الإيمان بالله' });
      await index.upsert('salah', { text: 'صـــلاة الفجر في المسجد' });
      await index.upsert('mustafa', { text: 'مصطفى' });
      expect(await ids(index, 'بسم الله الرحمن الرحيم')).toEqual(['basmala']);
      expect(await ids(index, 'الرَّحِيمِ')).toEqual(['basmala']);
      expect(await ids(index, 'رحيم')).toEqual(['basmala']);
      expect(await ids(index, 'ايمان')).toEqual(['iman']);
      expect(await ids(index, 'أيمان')).toEqual(['iman']);
      expect(await ids(index, 'آيمان')).toEqual(['iman']);
      expect(await ids(index, 'الصلاه')).toEqual(['salah']);
      expect(await ids(index, 'صلاة')).toEqual(['salah']);
      expect(await ids(index, 'مصطفي')).toEqual(['mustafa']);
      expect(await ids(index, 'الله')).toEqual(['basmala', 'iman']);
      expect(await ids(index, 'مسج')).toEqual(['salah']);
    });

    it('matches mixed English and Arabic text by either language', async () => {
      const index = await ctx.searchIndex();
      await index.upsert('r', { text: 'Ramadan رمضان Mubarak' });
      expect(await ids(index, 'رمضان')).toEqual(['r']);
      expect(await ids(index, 'ramadan mubarak')).toEqual(['r']);
      expect(await ids(index, 'mubarak رمض')).toEqual(['r']);
    });

    it('ranks the better match first', async () => {
      const index = await ctx.searchIndex();
      await index.upsert('passing', {
        text: 'A long reflection on patience, gratitude, charity and fasting with one mention of prayer among many other topics of the day',
      });
      await index.upsert('focused', { text: 'Prayer: how prayer shapes the day of a believer' });
      const hits = await index.query('prayer');
      expect(hits.map((h) => h.id)).toEqual(['focused', 'passing']);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    });

    it('returns stored fields and filters on them by equality', async () => {
      const index = await ctx.searchIndex();
      await index.upsert('p1', { text: 'Quran recitation circle', fields: { kind: 'post', public: true, rank: 1 } });
      await index.upsert('u1', { text: 'Quran teacher', fields: { kind: 'user', public: true, rank: 2 } });
      await index.upsert('c1', { text: 'Quran course', fields: { kind: 'course', public: false, rank: 2 } });
      await index.upsert('n1', { text: 'Quran notes' });
      expect(await ids(index, 'quran', { where: { kind: 'post' } })).toEqual(['p1']);
      expect(await ids(index, 'quran', { where: { public: true, rank: 2 } })).toEqual(['u1']);
      expect(await ids(index, 'quran', { where: { kind: null } })).toEqual(['n1']);
      const [hit] = await index.query('recitation');
      expect(hit).toEqual({ id: 'p1', score: expect.any(Number), fields: { kind: 'post', public: true, rank: 1 } });
      const [bare] = await index.query('notes');
      expect(bare!.fields).toEqual({});
    });

    it('replaces an entry on upsert and forgets it on remove', async () => {
      const index = await ctx.searchIndex();
      await index.upsert('p', { text: 'zakat', fields: { v: 1 } });
      await index.upsert('p', { text: 'sadaqah', fields: { v: 2 } });
      expect(await ids(index, 'zakat')).toEqual([]);
      expect(await index.query('sadaqah')).toEqual([{ id: 'p', score: expect.any(Number), fields: { v: 2 } }]);
      await index.remove('p');
      await index.remove('never-there');
      expect(await index.query('sadaqah')).toEqual([]);
    });

    it('honours the limit', async () => {
      const index = await ctx.searchIndex();
      for (let i = 0; i < 8; i++) await index.upsert(`d${i}`, { text: `hadith number ${i}` });
      expect(await index.query('hadith', { limit: 3 })).toHaveLength(3);
      expect(await index.query('hadith')).toHaveLength(8);
      await expect(index.query('hadith', { limit: 0 })).rejects.toThrow(ReadStoreError);
    });

    it('ranks only the newest matches when asked, still best first among them', async () => {
      const index = await ctx.searchIndex();
      for (let i = 1; i <= 7; i++) await index.upsert(`a${i}`, { text: `sabr ${'and sabr '.repeat(i % 3)}${i}` });
      const newest = await index.query('sabr', { newest: 3 });
      expect(newest.map((h) => h.id).sort()).toEqual(['a5', 'a6', 'a7']);
      const scores = newest.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(await ids(index, 'sabr')).toHaveLength(7);
      expect(await index.query('sabr', { newest: 3, limit: 1 })).toHaveLength(1);
      await expect(index.query('sabr', { newest: 0 })).rejects.toThrow(ReadStoreError);
    });

    it('answers several searches at once as each index answers it alone (searchMany, where the store has it)', async () => {
      const many = ctx.store().searchMany?.bind(ctx.store());
      if (!many) return;
      const [people, posts, empty] = [await ctx.searchIndex(), await ctx.searchIndex(), await ctx.searchIndex()];
      await people.upsert('u1', { text: 'amina sabr', fields: { kind: 'user' } });
      for (let i = 1; i <= 6; i++) await posts.upsert(`p${i}`, { text: `sabr ${'and sabr '.repeat(i % 3)}${i}` });
      const searches = [
        { index: people.name, text: 'sabr', options: { limit: 5 } },
        { index: posts.name, text: 'sabr', options: { newest: 4, limit: 3 } },
        { index: empty.name, text: 'sabr' },
        { index: posts.name, text: '...' },
        { index: posts.name, text: 'and sab' },
      ];
      const alone = [
        await people.query('sabr', { limit: 5 }),
        await posts.query('sabr', { newest: 4, limit: 3 }),
        [],
        [],
        await posts.query('and sab'),
      ];
      expect(await many(searches)).toEqual(alone);
      expect(alone[0]).toEqual([expect.objectContaining({ id: 'u1', fields: { kind: 'user' } })]);
      expect(alone[1]).toHaveLength(3);
      expect(await many([searches[1]!])).toEqual([alone[1]]);
      expect(await many([searches[3]!, searches[4]!])).toEqual([[], alone[4]]);
      expect(await many([])).toEqual([]);
    });

    it('refuses fields that are not flat scalars', async () => {
      const index = await ctx.searchIndex();
      await expect(index.upsert('x', { text: 't', fields: { nested: { a: 1 } as never } })).rejects.toThrow(
        ReadStoreError,
      );
      await expect(index.upsert('x', { text: 't', fields: { 'a.b': 1 } })).rejects.toThrow(ReadStoreError);
    });
  });
}
