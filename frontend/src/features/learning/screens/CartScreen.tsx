import '../learning.css';

import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { SkeletonRows } from '@/ui/SkeletonRows';
import { useToast } from '@/ui/toast';

import { useGetCartQuery, useRemoveFromCartMutation } from '../api/cartApi';
import { LearningNav } from '../components/LearningNav';
import { Price } from '../components/Price';
import { SignInPrompt } from '../components/SignInPrompt';
import { formatKes } from '../format';
import type { CartItem } from '../types';

function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [remove, { isLoading }] = useRemoveFromCartMutation();
  const { course } = item;
  return (
    <li className="card line-item">
      <span className="line-item__thumb">
        {course.thumbnailImage ? <img src={course.thumbnailImage} alt="" /> : null}
      </span>
      <div>
        <h2>
          <Link to={`/course/${encodeURIComponent(course.id)}`}>{course.title}</Link>
        </h2>
        <p className="muted">{t('learning.card.by', { name: course.vendor.user.name })}</p>
        <Price price={course.price} promoPrice={course.promoPrice} />
      </div>
      <button
        type="button"
        className="button button--quiet"
        disabled={isLoading}
        aria-label={t('learning.cart.remove', { title: course.title })}
        onClick={async () => {
          const result = await remove(course.id);
          if ('error' in result) toast(t('learning.toast.removeFailed'), 'error');
          else toast(t('learning.toast.removed'), 'success');
        }}
      >
        {t('learning.cart.removeShort')}
      </button>
    </li>
  );
}

/** /cart — the courses waiting to be bought, their total in KSh, and Checkout. */
export default function CartScreen() {
  const { t, i18n } = useTranslation();
  const { user, isLoading: sessionLoading } = useSession();
  const cart = useGetCartQuery(user ? undefined : skipToken);
  return (
    <section className="page page--wide" aria-labelledby="cart-title">
      <h1 id="cart-title">{t('learning.cart.title')}</h1>
      <LearningNav />
      {!user && !sessionLoading ? (
        <SignInPrompt text={t('learning.cart.signIn')} button={t('learning.cart.signInButton')} />
      ) : !cart.data ? (
        <SkeletonRows count={3} label={t('learning.cart.loading')} className="line-list" block="line-skeleton" />
      ) : cart.data.items.length === 0 ? (
        <div className="learning-empty">
          <h2>{t('learning.cart.empty')}</h2>
          <p className="muted">{t('learning.cart.emptyBody')}</p>
          <Link to="/learning" className="button">
            {t('learning.cart.browse')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="line-list" aria-label={t('learning.cart.items', { count: cart.data.count })}>
            {cart.data.items.map((item) => (
              <CartLine key={item.courseId} item={item} />
            ))}
          </ul>
          <p className="summary-total">
            <span>{t('learning.cart.total')}</span>
            <span>{formatKes(cart.data.total, i18n.language)}</span>
          </p>
          <Link to="/checkout" className="button button--block">
            {t('learning.cart.checkout')}
          </Link>
        </>
      )}
    </section>
  );
}
