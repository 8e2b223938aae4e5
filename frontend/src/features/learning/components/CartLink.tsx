import './cart-link.css';

import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';

import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { CartIcon } from '@/ui/icons';

import { useGetCartQuery } from '../api/cartApi';

/** The header's cart button with the number of courses in it (members only). */
export function CartLink() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { data } = useGetCartQuery(user ? undefined : skipToken);
  if (!user) return null;
  const count = data?.count ?? 0;
  return (
    <Link to="/cart" className="icon-button cart-link" aria-label={t('learning.cartLink', { count })}>
      <CartIcon />
      {count > 0 ? (
        <span className="cart-link__count" aria-hidden="true">
          {numberFormat(i18n.language).format(count)}
        </span>
      ) : null}
    </Link>
  );
}
