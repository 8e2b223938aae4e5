import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';

import { certificatePath } from '../certificates/certificateCode';
import { isFreePrice } from '../format';
import type { useDetailPurchase } from '../hooks/useDetailPurchase';
import { refundPercent } from '../refund';
import type { CourseDetail, CourseRefund } from '../types';
import { Price } from './Price';

/**
 * Where the owner of a bought course stands with its refund: until when, or why no more (more than
 * REFUND_MAX_PROGRESS of its lessons completed or watched). Nothing for a course not bought (free, or given).
 */
function RefundState({ refund, language }: { refund: CourseRefund | null; language: string }) {
  const { t } = useTranslation();
  if (!refund) return null;
  const percent = refundPercent(refund);
  if (refund.reason === 'COURSE_CONSUMED')
    return (
      <p className="muted" role="note">
        {t('learning.detail.refundConsumed', { percent })}
      </p>
    );
  if (!refund.eligible || !refund.until) return null;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(refund.until));
  return (
    <p className="muted" role="note">
      {t('learning.detail.refundUntil', { date, percent })} <Link to="/orders">{t('learning.checkout.orders')}</Link>
    </p>
  );
}

/**
 * What the purchase panel and the mobile sheet hold (§2): price and promo, the owned or teaching
 * state, Start Learning for a free course, else Add to Cart / Go to Cart and Buy Now, the refund note
 * and what the course includes.
 */
export function PurchaseOptions({
  course,
  purchase,
}: {
  course: CourseDetail;
  purchase: ReturnType<typeof useDetailPurchase>;
}) {
  const { t, i18n } = useTranslation();
  const learnHref = `/course/${encodeURIComponent(course.id)}/learn`;
  const { viewer } = course;
  let actions;
  if (viewer.enrolled) {
    actions = (
      <>
        <p className="apply-status">{t('learning.detail.owned')}</p>
        {viewer.progress ? (
          <p className="muted">{t('learning.detail.progress', { percent: viewer.progress.percent })}</p>
        ) : null}
        <Link to={learnHref} className="button button--block">
          {t('learning.detail.goToCourse')}
        </Link>
        {viewer.certificateId ? (
          <Link to={certificatePath(viewer.certificateId)} className="button button--quiet button--block">
            {t('learning.detail.viewCertificate')}
          </Link>
        ) : null}
        <RefundState refund={viewer.refund ?? null} language={i18n.language} />
      </>
    );
  } else if (purchase.teaches) {
    actions = (
      <>
        <p className="apply-status">{t('learning.detail.teacherOwn')}</p>
        <Link to={learnHref} className="button button--block">
          {t('learning.detail.goToCourse')}
        </Link>
        <Link to={`/teach/${encodeURIComponent(course.id)}`} className="button button--quiet button--block">
          {t('learning.detail.editCourse')}
        </Link>
      </>
    );
  } else if (isFreePrice(course.price)) {
    actions = (
      <button
        type="button"
        className="button button--block"
        disabled={purchase.busy}
        onClick={() => void purchase.enroll()}
      >
        {t('learning.button.start')}
      </button>
    );
  } else {
    actions = (
      <>
        {viewer.inCart ? (
          <Link to="/cart" className="button button--block">
            {t('learning.detail.goToCart')}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--block"
            disabled={purchase.busy}
            onClick={() => void purchase.addToCart()}
          >
            {t('learning.button.add')}
          </button>
        )}
        <button type="button" className="button button--quiet button--block" onClick={purchase.buyNow}>
          {t('learning.detail.buyNow')}
        </button>
        <p className="muted">
          {t('learning.detail.refundRule', {
            count: course.refundPolicy.windowDays,
            percent: refundPercent(course.refundPolicy),
          })}
        </p>
      </>
    );
  }
  return (
    <>
      <Price price={course.price} promoPrice={course.promoPrice} />
      {actions}
      <div>
        <p className="field__label">{t('learning.detail.includes')}</p>
        <ul>
          <li>{t('learning.detail.lifetime')}</li>
          <li>{t('learning.detail.mobile')}</li>
          <li>{t('learning.detail.certificate')}</li>
        </ul>
      </div>
    </>
  );
}
