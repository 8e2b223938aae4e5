import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { useDialogFocus } from '@/ui/dialog';
import { CloseIcon } from '@/ui/icons';

import type { useDetailPurchase } from '../hooks/useDetailPurchase';
import type { CourseDetail } from '../types';
import { Price } from './Price';
import { PurchaseOptions } from './PurchaseOptions';

function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const { ref, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose);
  return (
    <div className="sheet__backdrop" onClick={onClose}>
      <div
        ref={ref}
        className="sheet purchase-panel"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="icon-button" aria-label={t('learning.detail.closeSheet')} onClick={onClose}>
          <CloseIcon />
        </button>
        {children}
      </div>
    </div>
  );
}

/** §2 mobile: a fixed bar with the price and '7-day refund'; 'Get Course' opens the options in a sheet. */
export function MobileBuyBar({
  course,
  purchase,
}: {
  course: CourseDetail;
  purchase: ReturnType<typeof useDetailPurchase>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (course.viewer.enrolled || purchase.teaches)
    return (
      <div className="mobile-buy-bar">
        <p>
          {t(course.viewer.enrolled ? 'learning.detail.owned' : 'learning.detail.teacherOwn')}
          {/* The purchase panel, which holds the teacher's edit link, is hidden on a phone. */}
          {course.viewer.enrolled ? null : (
            <Link to={`/teach/${encodeURIComponent(course.id)}`}>{t('learning.detail.editCourse')}</Link>
          )}
        </p>
        <Link className="button" to={`/course/${encodeURIComponent(course.id)}/learn`}>
          {t('learning.detail.goToCourse')}
        </Link>
      </div>
    );
  return (
    <>
      <div className="mobile-buy-bar">
        <p>
          <Price price={course.price} promoPrice={course.promoPrice} />
          <span className="muted">{t('learning.detail.refundShort')}</span>
        </p>
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('learning.detail.getCourse')}
        </button>
      </div>
      {open ? (
        <Sheet title={t('learning.detail.purchaseOptions')} onClose={() => setOpen(false)}>
          <PurchaseOptions course={course} purchase={purchase} />
        </Sheet>
      ) : null}
    </>
  );
}
