import { skipToken } from '@reduxjs/toolkit/query';
import { NavLink } from 'react-router-dom';

import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { isStaff, useSession } from '@/resources/session';

import { useGetCartQuery } from '../api/cartApi';
import { useGetVendorStatusQuery } from '../api/vendorApi';

/**
 * The learning area's own links: the catalogue, what the member owns and bought, the cart, and the
 * teacher's and moderator's pages when they apply.
 */
export function LearningNav() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const vendor = useGetVendorStatusQuery(user ? undefined : skipToken);
  const cart = useGetCartQuery(user ? undefined : skipToken);
  const count = cart.data?.count ?? 0;
  return (
    <nav className="learning-nav" aria-label={t('learning.nav.label')}>
      <NavLink to="/learning" end>
        {t('learning.nav.browse')}
      </NavLink>
      {user ? (
        <>
          <NavLink to="/my-courses">{t('learning.nav.myCourses')}</NavLink>
          <NavLink to="/orders">{t('learning.nav.orders')}</NavLink>
          <NavLink to="/cart">
            {t('learning.nav.cart')}
            {count > 0 ? <span className="count-pill"> {numberFormat(i18n.language).format(count)}</span> : null}
          </NavLink>
          {vendor.data?.isVendor ? <NavLink to="/teach">{t('learning.nav.teach')}</NavLink> : null}
          {isStaff(user.role) ? <NavLink to="/admin/vendors">{t('learning.nav.applications')}</NavLink> : null}
        </>
      ) : null}
    </nav>
  );
}
