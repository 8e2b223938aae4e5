import { MemoryReadStore } from '@platform/read-store';
import { CATALOGUE_META, CATALOGUE_META_ID, type CourseDoc, COURSES, coursesCollection } from '@projections/learning';

import { type CatalogueFilter, CatalogueIndex } from './catalogue-index';

const ALL: CatalogueFilter = { search: '', category: null, level: null, priceMin: null, priceMax: null };

function course(n: number, rev: number, over: Partial<CourseDoc> = {}): CourseDoc {
  return {
    id: `0190d7c4-0000-7000-8000-${String(n).padStart(12, '0')}`,
    teacherId: `t${n % 2}`,
    teacherBio: '',
    teacherTopics: [],
    title: `Course ${n}`,
    description: 'Tajweed and tafsir',
    category: 'Quran',
    level: 'beginner',
    price: n * 100_00,
    promoPrice: null,
    thumbnailMediaId: null,
    previewVideoMediaId: null,
    whatYouWillLearn: [],
    sections: [],
    totals: { sections: 0, lessons: 0, durationSec: 0 },
    published: true,
    publishedAt: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    students: n,
    ratingSum: 0,
    ratingCount: 0,
    distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    rev,
    ...over,
  };
}

describe('the catalogue kept in memory', () => {
  async function setup() {
    const store = new MemoryReadStore();
    await store.ensureCollection(coursesCollection);
    await store.ensureCollection({ name: CATALOGUE_META });
    const readModels = { collection: store.collection.bind(store), searchIndex: store.searchIndex.bind(store) };
    const index = new CatalogueIndex(readModels as never);
    const write = async (docs: CourseDoc[], epoch = 'e1') => {
      await store.collection(COURSES).upsertMany(docs);
      await store
        .collection(CATALOGUE_META)
        .upsert({ id: CATALOGUE_META_ID, rev: Math.max(...docs.map((d) => d.rev)), epoch });
    };
    const ids = (filter = ALL) => index.page(filter, 'popular', null, 50).items.map((e) => e.title);
    return { store, index, write, ids };
  }

  it('reads only what changed since its revision, and starts over for a new generation', async () => {
    const { store, index, write, ids } = await setup();
    await write([course(1, 1), course(2, 2), course(3, 3)]);
    await index.sync();
    expect(ids()).toEqual(['Course 3', 'Course 2', 'Course 1']);
    expect(index.stats()).toEqual({ courses: 3, students: 6, instructors: 2, free: 0 });

    // Course 1 gains students and course 2 is unpublished: both get newer revisions.
    await write([course(1, 4, { students: 10 }), course(2, 5, { published: false })]);
    const find = jest.spyOn(store.collection(COURSES).constructor.prototype, 'find');
    await index.sync();
    expect(find).toHaveBeenCalled();
    expect(ids()).toEqual(['Course 1', 'Course 3']);
    expect(index.stats()).toMatchObject({ courses: 2, students: 13 });

    // Nothing new: no read of the courses at all.
    find.mockClear();
    await index.sync();
    expect(find).not.toHaveBeenCalled();
    find.mockRestore();

    // A rebuild counts revisions from 1 again, under another epoch: the old copy is dropped.
    await store.collection(COURSES).deleteMany([course(1, 0).id, course(2, 0).id, course(3, 0).id]);
    await write([course(7, 1)], 'e2');
    await index.sync();
    expect(ids()).toEqual(['Course 7']);
  });

  it('filters by text, category, level and price, and pages by position', async () => {
    const { index, write } = await setup();
    await write([
      course(1, 1, { title: 'Arabic grammar', category: 'Arabic', level: 'advanced' }),
      course(2, 2, { title: 'Tajwīd rules' }),
      course(3, 3, { title: 'Seerah', category: 'History', price: 0 }),
      course(4, 4, { title: 'Morning words', category: 'Family', teacherTopics: ['Dua', 'Hadith'], price: 150_00 }),
    ]);
    await index.sync();
    const titles = (f: Partial<CatalogueFilter>) =>
      index.page({ ...ALL, ...f }, 'price_low', null, 10).items.map((e) => e.title);
    expect(titles({ search: 'TAJWID' })).toEqual(['Tajwīd rules']);
    // By category in English or Arabic, what it teaches and the teacher's topics, every word needed.
    expect(titles({ search: 'history' })).toEqual(['Seerah']);
    expect(titles({ search: 'التاريخ' })).toEqual(['Seerah']);
    expect(titles({ search: 'اللغه العربيه' })).toEqual(['Arabic grammar']);
    expect(titles({ search: 'grammar seerah' })).toEqual([]);
    expect(titles({ search: 'dua' })).toEqual(['Morning words']);
    expect(titles({ search: 'الدعاء' })).toEqual(['Morning words']);
    expect(titles({ search: 'الحديث الاسره' })).toEqual(['Morning words']);
    expect(titles({ search: 'arabic grammar' })).toEqual(['Arabic grammar']);
    expect(titles({ category: 'Arabic' })).toEqual(['Arabic grammar']);
    expect(titles({ level: 'advanced' })).toEqual(['Arabic grammar']);
    expect(titles({ priceMin: 1, priceMax: 100_00 })).toEqual(['Arabic grammar']);
    expect(titles({ priceMax: 0 })).toEqual(['Seerah']);
    const first = index.page(ALL, 'price_low', null, 2);
    expect([first.items.map((e) => e.title), first.more]).toEqual([['Seerah', 'Arabic grammar'], true]);
    const last = first.items.at(-1)!;
    const next = index.page(ALL, 'price_low', { v: last.price, id: last.id }, 2);
    expect([next.items.map((e) => e.title), next.more]).toEqual([['Morning words', 'Tajwīd rules'], false]);
  });
});
