import { useTranslation } from '@/i18n/useTranslation';

import { PRICE_MAX, PRICE_MIN } from '../filters';
import type { useCatalogue } from '../hooks/useCatalogue';
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  COURSE_SORTS,
  type CourseCategory,
  type CourseLevel,
  type CourseSort,
} from '../types';

/**
 * §2 filter bar: search, category, level, sort and the price range (0–50,000), on a phone too (the
 * earlier app said 'coming soon' there; the range takes a row of its own instead).
 */
export function FilterBar({ catalogue }: { catalogue: ReturnType<typeof useCatalogue> }) {
  const { t } = useTranslation();
  const { filters, price } = catalogue;
  return (
    <form
      className="filter-bar"
      role="search"
      aria-label={t('learning.filters.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="filter-bar__search">
        <span className="visually-hidden">{t('learning.filters.search')}</span>
        <input
          type="search"
          className="field__input"
          value={catalogue.text}
          placeholder={t('learning.filters.searchPlaceholder')}
          maxLength={200}
          onChange={(e) => catalogue.setText(e.target.value)}
        />
      </label>
      <label className="filter-bar__select">
        <span className="visually-hidden">{t('learning.filters.category')}</span>
        <select
          className="field__input"
          value={filters.category}
          onChange={(e) => catalogue.setFilter('category', e.target.value as 'all' | CourseCategory)}
        >
          {(['all', ...COURSE_CATEGORIES] as const).map((c) => (
            <option key={c} value={c}>
              {t(`learning.category.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter-bar__select">
        <span className="visually-hidden">{t('learning.filters.level')}</span>
        <select
          className="field__input"
          value={filters.level}
          onChange={(e) => catalogue.setFilter('level', e.target.value as 'all' | CourseLevel)}
        >
          {(['all', ...COURSE_LEVELS] as const).map((l) => (
            <option key={l} value={l}>
              {t(`learning.level.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="filter-bar__select">
        <span className="visually-hidden">{t('learning.filters.sort')}</span>
        <select
          className="field__input"
          value={filters.sort}
          onChange={(e) => catalogue.setFilter('sort', e.target.value as CourseSort)}
        >
          {COURSE_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`learning.sort.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="filter-bar__price">
        <legend className="visually-hidden">{t('learning.filters.price')}</legend>
        <label>
          <span className="visually-hidden">{t('learning.filters.priceMin')}</span>
          <input
            type="number"
            className="field__input"
            inputMode="numeric"
            min={PRICE_MIN}
            max={price[1]}
            step={100}
            value={price[0]}
            onChange={(e) => catalogue.setPrice([clamp(Number(e.target.value), PRICE_MIN, price[1]), price[1]])}
          />
        </label>
        <span aria-hidden="true">–</span>
        <label>
          <span className="visually-hidden">{t('learning.filters.priceMax')}</span>
          <input
            type="number"
            className="field__input"
            inputMode="numeric"
            min={price[0]}
            max={PRICE_MAX}
            step={100}
            value={price[1]}
            onChange={(e) => catalogue.setPrice([price[0], clamp(Number(e.target.value), price[0], PRICE_MAX)])}
          />
        </label>
      </fieldset>
    </form>
  );
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min;
}
