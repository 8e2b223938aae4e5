import { useTranslation } from '@/i18n/useTranslation';

import type { CommunityFiltersState } from '../hooks/useCommunityFilters';
import { COMMUNITY_CATEGORIES } from '../types';

/** Search, city and the category chips (a radio group: one category, or all). */
export function CommunityFilterBar({ filters }: { filters: CommunityFiltersState }) {
  const { t } = useTranslation();
  const category = filters.filters.category;
  return (
    <form
      className="community-filters"
      role="search"
      aria-label={t('communities.filters.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="community-filters__row">
        <label className="community-filters__search">
          <span className="visually-hidden">{t('communities.filters.search')}</span>
          <input
            type="search"
            className="field__input"
            value={filters.text.q}
            placeholder={t('communities.filters.searchPlaceholder')}
            maxLength={200}
            onChange={(e) => filters.setText('q', e.target.value)}
          />
        </label>
        <label className="community-filters__city">
          <span className="visually-hidden">{t('communities.filters.city')}</span>
          <input
            type="text"
            className="field__input"
            value={filters.text.city}
            placeholder={t('communities.filters.cityPlaceholder')}
            maxLength={80}
            onChange={(e) => filters.setText('city', e.target.value)}
          />
        </label>
      </div>
      <fieldset className="chip-group community-filters__chips">
        <legend className="visually-hidden">{t('communities.filters.category')}</legend>
        {(['', ...COMMUNITY_CATEGORIES] as const).map((value) => (
          <label key={value || 'all'} className="community-chip">
            <input
              type="radio"
              name="community-category"
              className="visually-hidden"
              value={value}
              checked={category === value}
              onChange={() => filters.setCategory(value)}
            />
            {value ? t(`communities.category.${value}`) : t('communities.filters.all')}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
