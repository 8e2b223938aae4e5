import '../learning.css';

import { currentPages } from '@/app/currentPages';
import { useTranslation } from '@/i18n/useTranslation';
import { useLoadMore } from '@/ui/useLoadMore';

import { useGetCoursesInfiniteQuery } from '../api/catalogueApi';
import { CourseGrid, CourseGridSkeleton } from '../components/CourseGrid';
import { EmptyCatalogue } from '../components/EmptyCatalogue';
import { FilterBar } from '../components/FilterBar';
import { LearningNav } from '../components/LearningNav';
import { StatCards } from '../components/StatCards';
import { TeacherApplyButton } from '../components/TeacherApplyButton';
import { useCatalogue } from '../hooks/useCatalogue';

/** /learning — the course catalogue (spec part 2 §2, §9). */
export default function LearningScreen() {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const list = useGetCoursesInfiniteQuery(catalogue.filters);
  // A new filter shows the skeletons rather than the previous filter's courses.
  const { pages, isLoading: loading } = currentPages(list);
  const courses = pages.flatMap((page) => page.courses);
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage;
  const sentinel = useLoadMore<HTMLDivElement>(() => void list.fetchNextPage(), canLoadMore, pages.length);

  return (
    <section className="page page--wide learning" aria-labelledby="learning-title">
      <header className="learning__head">
        <div>
          <h1 id="learning-title">{t('learning.title')}</h1>
          <p className="muted">{t('learning.subtitle')}</p>
        </div>
        <TeacherApplyButton />
      </header>
      <LearningNav />
      <StatCards />
      <FilterBar catalogue={catalogue} />
      {loading ? (
        <CourseGridSkeleton />
      ) : list.isError && courses.length === 0 ? (
        <div className="learning-empty" role="alert">
          <p>{t('learning.list.error')}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t('learning.list.retry')}
          </button>
        </div>
      ) : courses.length === 0 ? (
        <EmptyCatalogue onClear={catalogue.clear} />
      ) : (
        <>
          <CourseGrid courses={courses} />
          {list.hasNextPage ? (
            <div ref={sentinel} className="learning__more">
              <button
                type="button"
                className="button button--quiet"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? t('learning.list.loadingMore') : t('learning.list.loadMore')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
