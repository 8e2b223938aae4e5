import type { CourseSort } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { normaliseText } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import {
  CATALOGUE_META,
  CATALOGUE_META_ID,
  type CatalogueMetaDoc,
  type CourseDoc,
  COURSES,
  type CourseSummary,
} from '@projections/learning';

import { TOPIC_NAMES_AR } from '../domain/topic-names';
import type { CourseCategory, CourseLevel } from '../events';

export const CATALOGUE_SORTS = [
  'popular',
  'newest',
  'rating',
  'price_low',
  'price_high',
] as const satisfies readonly CourseSort[];
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
/** Every sort the contract names is served: one added there and not here fails here. */
const served: [CourseSort] extends [CatalogueSort] ? true : false = true;
void served;

/** A course as the catalogue lists it: the document without its curriculum, plus what filters need. */
export type CatalogueEntry = CourseSummary & {
  /** What the course is found by (searchText), normalised as search text is (case, diacritics, letter forms). */
  text: string;
  /** Mean rating, 0 with none. */
  mean: number;
};

export interface CatalogueFilter {
  search: string;
  category: CourseCategory | null;
  level: CourseLevel | null;
  /** KES cents, inclusive. */
  priceMin: number | null;
  priceMax: number | null;
}

/** Where a page ended: the sort value and id of its last course. */
export interface CataloguePosition {
  v: number;
  id: string;
}

export interface CatalogueStats {
  courses: number;
  students: number;
  instructors: number;
  free: number;
}

/** §9: popular is most students, newest the highest id; ties newest first, so every order is total. */
const SORT_VALUE: Record<CatalogueSort, (e: CatalogueEntry) => number> = {
  popular: (e) => e.students,
  newest: () => 0,
  rating: (e) => e.mean,
  price_low: (e) => e.price,
  price_high: (e) => e.price,
};
const ASCENDING: ReadonlySet<CatalogueSort> = new Set(['price_low']);

export function comparePositions(sort: CatalogueSort, a: CataloguePosition, b: CataloguePosition): number {
  if (a.v !== b.v) return ASCENDING.has(sort) ? a.v - b.v : b.v - a.v;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export const positionOf = (sort: CatalogueSort, e: CatalogueEntry): CataloguePosition => ({
  v: SORT_VALUE[sort](e),
  id: e.id,
});

/**
 * What a course is found by: its title, description, what it teaches, its category and its teacher's
 * topics (each in English and Arabic) and the teacher's bio, normalised as search text is. The
 * teacher's name is matched at query time (names change without a course event).
 */
const searchText = (doc: CourseDoc) =>
  normaliseText(
    [
      doc.title,
      doc.description,
      ...(doc.whatYouWillLearn ?? []),
      ...[doc.category, ...(doc.teacherTopics ?? [])].flatMap((topic) => [topic, TOPIC_NAMES_AR[topic] ?? '']),
      doc.teacherBio ?? '',
    ].join('\n'),
  );

function toEntry(doc: CourseDoc): CatalogueEntry {
  const { sections: _s, whatYouWillLearn: _w, ...rest } = doc;
  return {
    ...rest,
    text: searchText(doc),
    mean: doc.ratingCount > 0 ? doc.ratingSum / doc.ratingCount : 0,
  };
}

const PAGE = 500;

/**
 * The catalogue kept in memory, in every sort order, so a listing filters and sorts a few thousand
 * courses without a query per request: §9's filters (a price range, a text contained in title or
 * description) are more than the read store's equality filters can serve, and five sorts times the
 * filter combinations would need many indexes for a collection this small.
 *
 * It stays current without polling: the catalogue projector gives every course write the next
 * revision and records the latest in one meta document. Each request reads that document (from the
 * runner's cache when it runs in this process, else one lookup by id) and, when it moved, reads only
 * the courses written since, newest revision first, through an index on `rev`. A command that waited
 * for the projector therefore sees its change on its next read, in every API process.
 */
@Injectable()
export class CatalogueIndex {
  private rev = -1;
  private epoch = '';
  private readonly entries = new Map<string, CatalogueEntry>();
  private readonly orders = new Map<CatalogueSort, CatalogueEntry[]>();
  private statsCache: CatalogueStats | null = null;
  private syncing: Promise<void> | null = null;

  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  /** Names the state of the copy: it changes with every course change synced. */
  get version(): string {
    return `${this.epoch}:${this.rev}`;
  }

  /** Published or not, as last synced (call `sync` first). */
  entry(id: string): CatalogueEntry | undefined {
    return this.entries.get(id);
  }

  /** Brings the copy up to date with the committed read model. */
  async sync(): Promise<void> {
    for (;;) {
      const meta = await this.readModels.collection<CatalogueMetaDoc>(CATALOGUE_META).get(CATALOGUE_META_ID);
      const rev = meta?.rev ?? 0;
      const epoch = meta?.epoch ?? '';
      if (epoch === this.epoch && this.rev >= rev) return;
      if (this.syncing) {
        // Another request is loading: wait for it, then look again (it may have read an older revision).
        await this.syncing;
        continue;
      }
      this.syncing = this.load(epoch, rev).finally(() => (this.syncing = null));
      return this.syncing;
    }
  }

  private async load(epoch: string, rev: number) {
    if (epoch !== this.epoch) {
      this.entries.clear();
      this.rev = -1;
      this.epoch = epoch;
    }
    const courses = this.readModels.collection<CourseDoc>(COURSES);
    let after: string | null = null;
    for (;;) {
      const page = await courses.find({
        sort: { field: 'rev', direction: 'desc', type: 'number' },
        after,
        limit: PAGE,
      });
      let done = !page.nextCursor;
      for (const doc of page.items) {
        if (doc.rev <= this.rev) {
          done = true;
          break;
        }
        this.entries.set(doc.id, toEntry(doc));
      }
      if (done) break;
      after = page.nextCursor;
    }
    // Everything written up to `rev` was committed before the meta document said so: it is in.
    this.rev = Math.max(this.rev, rev);
    this.orders.clear();
    this.statsCache = null;
  }

  /** Published courses in the sort's order. */
  private ordered(sort: CatalogueSort): CatalogueEntry[] {
    let list = this.orders.get(sort);
    if (!list) {
      list = [...this.entries.values()]
        .filter((e) => e.published)
        .sort((a, b) => comparePositions(sort, positionOf(sort, a), positionOf(sort, b)));
      this.orders.set(sort, list);
    }
    return list;
  }

  /** The teachers of published courses (whose names a search also looks at). */
  teacherIds(): string[] {
    return [...new Set(this.ordered('newest').map((e) => e.teacherId))];
  }

  /**
   * Up to `limit` published courses after `after` that pass the filter, and whether more follow.
   * `teacherNames`: each teacher's name as search text (profiles own names; they change without a
   * course change, so the caller reads them), a word found there matches all their courses.
   */
  page(
    filter: CatalogueFilter,
    sort: CatalogueSort,
    after: CataloguePosition | null,
    limit: number,
    teacherNames: ReadonlyMap<string, string> = new Map(),
  ): { items: CatalogueEntry[]; more: boolean } {
    const list = this.ordered(sort);
    let i = 0;
    if (after) {
      // The first course past the cursor, found by its sort key: stable when counts move between pages.
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (comparePositions(sort, positionOf(sort, list[mid]!), after) <= 0) lo = mid + 1;
        else hi = mid;
      }
      i = lo;
    }
    // Every word asked for, each somewhere in the course's text or its teacher's name ('fiqh salah'
    // needs both; 'fiqh hamza' finds Ustadh Hamza's fiqh courses).
    const words = filter.search ? normaliseText(filter.search).split(/\s+/).filter(Boolean) : [];
    const items: CatalogueEntry[] = [];
    for (; i < list.length; i++) {
      const e = list[i]!;
      if (filter.category && e.category !== filter.category) continue;
      if (filter.level && e.level !== filter.level) continue;
      if (filter.priceMin !== null && e.price < filter.priceMin) continue;
      if (filter.priceMax !== null && e.price > filter.priceMax) continue;
      if (words.some((w) => !e.text.includes(w) && !teacherNames.get(e.teacherId)?.includes(w))) continue;
      if (items.length === limit) return { items, more: true };
      items.push(e);
    }
    return { items, more: false };
  }

  /** §2's four stat cards, over published courses. */
  stats(): CatalogueStats {
    if (!this.statsCache) {
      const listed = this.ordered('newest');
      this.statsCache = {
        courses: listed.length,
        students: listed.reduce((sum, e) => sum + e.students, 0),
        instructors: new Set(listed.map((e) => e.teacherId)).size,
        free: listed.filter((e) => e.price === 0).length,
      };
    }
    return this.statsCache;
  }
}
