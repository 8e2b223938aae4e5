import type { SuggestionReason } from '@contract';
import type { TFunction } from 'i18next';

import { isolate } from '@/i18n/formatters';

/** A name or place inside a sentence keeps its own direction (an Arabic name in English, a Latin one in Arabic). */

/** Why a member is suggested, in the reader's language: "Followed by Amina and 2 others", "Teaches 3 courses". */
export function suggestionReason(t: TFunction, reason: SuggestionReason): string {
  switch (reason.kind) {
    case 'followedBy': {
      const [a, b] = reason.names.map((n) => isolate(n.displayName || `@${n.username}`));
      const count = reason.othersCount;
      if (!a) return t('search.suggestions.followedBy.unnamed', { count });
      if (!b)
        return count > 0
          ? t('search.suggestions.followedBy.oneAndOthers', { a, count })
          : t('search.suggestions.followedBy.one', { a });
      return count > 0
        ? t('search.suggestions.followedBy.twoAndOthers', { a, b, count })
        : t('search.suggestions.followedBy.two', { a, b });
    }
    case 'teacher':
      return t('search.suggestions.teacher', { count: reason.courses });
    case 'sameCity':
      return t('search.suggestions.sameCity', { city: isolate(reason.city) });
    case 'popular':
      return t('search.suggestions.popular', { count: reason.followers });
    case 'new':
      return t('search.suggestions.new', { product: t('app.brand') });
  }
}
