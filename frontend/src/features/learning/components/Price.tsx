import { useTranslation } from '@/i18n/useTranslation';

import { formatKes, isFreePrice, shownPromo } from '../format';

/** 'KSh 1,500' with the promo struck through when it is greater (§2), or 'Free'. */
export function Price({
  price,
  promoPrice,
  className,
}: {
  price: string;
  promoPrice: string | null;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const promo = shownPromo(price, promoPrice);
  return (
    <span className={className ? `price ${className}` : 'price'}>
      <span className="price__now">
        {isFreePrice(price) ? t('learning.price.free') : formatKes(price, i18n.language)}
      </span>
      {promo ? (
        <s className="price__was" aria-label={t('learning.card.oldPrice', { price: formatKes(promo, i18n.language) })}>
          {formatKes(promo, i18n.language)}
        </s>
      ) : null}
    </span>
  );
}
