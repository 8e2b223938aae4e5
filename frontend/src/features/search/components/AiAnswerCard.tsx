import type { AiAskResponse } from '@contract';
import { useId } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { ShareIcon } from '@/ui/icons';

import { Citation } from './Citation';

/**
 * The AI scholar's answer: the question, the answer text, the disclaimer (a note), each cited verse
 * as a disclosure, a plain word on references the checker removed, and the Share button (§2).
 */
export function AiAnswerCard({
  question,
  response,
  onShare,
}: {
  question: string;
  response: AiAskResponse;
  onShare: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const removed = response.removedReferences;
  return (
    <article className="card ai-card" aria-labelledby={titleId}>
      <header className="ai-card__head">
        <h2 id={titleId} className="ai-card__title">
          {t('search.ai.card')}
        </h2>
        <button
          type="button"
          className="button button--quiet ai-card__share"
          onClick={onShare}
          disabled={!question.trim() || !response.answer.trim()}
        >
          <ShareIcon />
          {t('search.ai.share')}
        </button>
      </header>
      <p className="ai-card__question" dir="auto">
        <span className="muted">{t('search.ai.question')}: </span>
        {question}
      </p>
      <p className="ai-card__answer" dir="auto">
        {response.answer}
      </p>
      {removed.length > 0 ? (
        <p className="notice ai-card__removed">
          {t('search.ai.removed', { count: removed.length, refs: removed.join(', ') })}
        </p>
      ) : null}
      {response.citations.length > 0 ? (
        <section className="ai-card__citations" aria-labelledby={`${titleId}-verses`}>
          <h3 id={`${titleId}-verses`} className="ai-card__subtitle">
            {t('search.ai.citations')}
          </h3>
          <ul className="citations">
            {response.citations.map((citation) => (
              <Citation key={`${citation.surah}:${citation.ayah}`} citation={citation} />
            ))}
          </ul>
        </section>
      ) : null}
      <p role="note" className="ai-card__disclaimer muted" dir="auto">
        {response.disclaimer}
      </p>
    </article>
  );
}

/** Shown while the AI scholar works (its own loading flag, §4). */
export function AiThinking() {
  const { t } = useTranslation();
  return (
    <div className="card ai-card ai-card--thinking" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{t('search.ai.thinking')}</p>
    </div>
  );
}
