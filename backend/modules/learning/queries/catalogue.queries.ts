import { AuthorsQuery } from '@modules/profiles';
import { Injectable } from '@nestjs/common';
import { LruCache } from '@platform/cache';
import { normaliseText } from '@platform/read-store';

import type { CourseCard } from '../views';
import {
  type CatalogueFilter,
  CatalogueIndex,
  type CataloguePosition,
  type CatalogueSort,
  type CatalogueStats,
  positionOf,
} from './catalogue-index';
import { CatalogueCourseCards } from './course-cards.queries';

/** Built pages kept per catalogue version; a teacher's new name or picture shows on cards within `ms`. */
export const CATALOGUE_CACHE = { pages: 5_000, ms: 30_000 } as const;

export interface CataloguePage {
  courses: CourseCard[];
  nextCursor: string | null;
}

export interface CatalogueRequest {
  filter: CatalogueFilter;
  sort: CatalogueSort;
  after: CataloguePosition | null;
  limit: number;
}

/** Opaque to clients: base64url of the last card's sort value and id. */
export const encodeCatalogueCursor = (p: CataloguePosition) =>
  Buffer.from(JSON.stringify([p.v, p.id]), 'utf8').toString('base64url');

/** null when the text is not a cursor of ours. */
export function decodeCatalogueCursor(cursor: string): CataloguePosition | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [v, id] = parsed as unknown[];
    return typeof v === 'number' && Number.isFinite(v) && typeof id === 'string' && id ? { v, id } : null;
  } catch {
    return null;
  }
}

/** The course catalogue (spec part 2 §2 Course catalogue, §9 filters and sorts) and its stat cards. */
@Injectable()
export class CatalogueQueries {
  constructor(
    private readonly index: CatalogueIndex,
    private readonly cards: CatalogueCourseCards,
    private readonly authors: AuthorsQuery,
  ) {}

  /**
   * Pages already built, by catalogue version and request: listings repeat (the first page of each
   * category and sort), and a page is the same for every viewer. The version is in the key, so a
   * course change shows on the next read; only a teacher's new name or picture waits out the
   * half-minute an entry lives.
   */
  private readonly pages = new LruCache<string>(CATALOGUE_CACHE.pages, CATALOGUE_CACHE.ms);

  /** The page as its JSON text: kept serialised, since turning 20 cards into JSON is most of a hit's cost. */
  async listJson(req: CatalogueRequest): Promise<string> {
    await this.index.sync();
    const key = `${this.index.version}|${JSON.stringify(req)}`;
    return this.pages.getOrCompute(key, async () => JSON.stringify(await this.build(req)));
  }

  private async build(req: CatalogueRequest): Promise<CataloguePage> {
    const { items, more } = this.index.page(req.filter, req.sort, req.after, req.limit, await this.teacherNames(req));
    const last = items.at(-1);
    return {
      courses: await this.cards.cards(items),
      nextCursor: more && last ? encodeCatalogueCursor(positionOf(req.sort, last)) : null,
    };
  }

  /** For a search: every teacher's display name and username as search text, in one read. */
  private async teacherNames(req: CatalogueRequest): Promise<Map<string, string>> {
    if (!req.filter.search) return new Map();
    const authors = await this.authors.byIds(this.index.teacherIds());
    return new Map([...authors].map(([id, a]) => [id, normaliseText(`${a.name}\n${a.username}`)]));
  }

  async stats(): Promise<CatalogueStats> {
    await this.index.sync();
    return this.index.stats();
  }
}
