import { Controller, Get, Header, Query } from '@nestjs/common';
import { RateLimit } from '@platform/http';

import { CATALOGUE_BUDGET } from '../limits';
import { CatalogueQueries } from '../queries/catalogue.queries';
import { parseCatalogueQuery } from './catalogue-query';

/** The course catalogue and its stat cards (spec part 2 §2 /learning, §7, §9): open to guests. */
@Controller('api/courses')
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueQueries) {}

  /** `{courses: CourseCard[], nextCursor}`, sent as the JSON text the catalogue keeps. */
  @RateLimit(CATALOGUE_BUDGET)
  @Get()
  @Header('Content-Type', 'application/json; charset=utf-8')
  list(@Query() query: Record<string, unknown>) {
    return this.catalogue.listJson(parseCatalogueQuery(query));
  }

  @Get('stats')
  stats() {
    return this.catalogue.stats();
  }
}
