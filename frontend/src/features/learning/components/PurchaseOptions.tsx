import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { isFreePrice } from '../format';
import type { useDetailPurchase } from '../hooks/useDetailPurchase';
import type { CourseDetail } from '../types';
import { Price } from './Price';

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
  const { t } = useTranslation();
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
      </>
    );
  } else if (viewer.isTeacher) {
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
        <p className="muted">{t('learning.detail.refundNote')}</p>
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
