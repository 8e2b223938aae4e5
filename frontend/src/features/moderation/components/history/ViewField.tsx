import type { ReactNode } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { changesAt, valueBefore } from './changes';
import { useHistoryContext } from './HistoryContext';
import { useFieldLabel, ValueView } from './ValueView';

/**
 * What a changed field read at the previous version, in words (not only colour), so that a screen
 * reader hears it too: the old value itself, or each inner field that moved.
 */
export function BeforeNote({
  path,
  name,
  now,
  renderBefore,
}: {
  path: string;
  name: string;
  now?: unknown;
  renderBefore?: ((before: unknown) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const changes = changesAt(useHistoryContext().changes, path);
  if (changes.length === 0) return null;
  const whole = changes.length === 1 && changes[0]!.path === '';
  return (
    <div className="history-before">
      <span className="history-before__label">{t('moderation.view.before')}</span>{' '}
      {renderBefore ? (
        <del>{renderBefore(valueBefore(now, changes))}</del>
      ) : whole ? (
        <del>
          <ValueView name={name} value={changes[0]!.before} />
        </del>
      ) : (
        <ul className="history-list">
          {changes.map((c) => {
            const keys = c.path.split('.');
            return (
              <li key={c.path}>
                {keys.map(label).join(t('moderation.view.pathJoin'))}:{' '}
                <del>
                  <ValueView name={keys.at(-1)!} value={c.before} />
                </del>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * One field of a card: its name, its value at the version shown, and, when it just changed, what it
 * was (drawn by `renderBefore` from the value rebuilt as it was, else listed inner field by field).
 */
export function ViewField({
  path,
  children,
  value,
  renderBefore,
}: {
  path: string;
  children?: ReactNode;
  value?: unknown;
  renderBefore?: (before: unknown) => ReactNode;
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const name = path.split('.').at(-1)!;
  const changed = changesAt(useHistoryContext().changes, path).length > 0;
  return (
    <div className={changed ? 'history-field history-field--changed' : 'history-field'}>
      <dt>
        {label(name)}
        {changed ? (
          <>
            {' '}
            <span className="history-changed-tag">{t('moderation.view.changed')}</span>
          </>
        ) : null}
      </dt>
      <dd>
        {children ?? <ValueView name={name} value={value} />}
        {changed ? <BeforeNote path={path} name={name} now={value} renderBefore={renderBefore} /> : null}
      </dd>
    </div>
  );
}
