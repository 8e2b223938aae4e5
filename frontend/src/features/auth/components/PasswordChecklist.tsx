import { useTranslation } from '@/i18n/useTranslation';
import { CheckIcon, DotIcon } from '@/ui/icons';

import { PASSWORD_RULES } from '../validation';

/** Live checklist of the sign-up password rules. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <div className="checklist" id={id}>
      <p className="checklist__title">{t('auth.checklistTitle')}</p>
      <ul>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          const label = t(`auth.checklist.${rule.id}`);
          return (
            <li
              key={rule.id}
              className={met ? 'checklist__item checklist__item--met' : 'checklist__item'}
              data-met={met}
            >
              {met ? <CheckIcon /> : <DotIcon />}
              <span className="visually-hidden">
                {met ? t('auth.checkMet', { rule: label }) : t('auth.checkUnmet', { rule: label })}
              </span>
              <span aria-hidden="true">{label}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
