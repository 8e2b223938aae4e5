import { useTranslation } from '@/i18n/useTranslation';

/** The Rules tab: the community's rules, numbered in their order. */
export function RulesTab({ rules }: { rules: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="community-rules" aria-labelledby="community-rules-title">
      <h2 id="community-rules-title">{t('communities.rules.title')}</h2>
      {rules.length === 0 ? (
        <p className="muted">{t('communities.rules.empty')}</p>
      ) : (
        <ol className="community-rules__list">
          {rules.map((rule, index) => (
            <li key={index} dir="auto">
              {rule}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
