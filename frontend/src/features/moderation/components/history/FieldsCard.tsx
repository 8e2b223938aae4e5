import type { AuditView } from '../../types';
import { ViewField } from './ViewField';

/** Long texts keep their line breaks; the rest read as one line each. */
const LONG = new Set(['description', 'bio', 'text', 'note', 'failureReason']);

/**
 * Any other kind of stream (comment, profile, member, course, order, donation, conversation,
 * message) as a compact card: every field members could see, in the view's own order.
 */
export function FieldsCard({ view }: { view: Exclude<AuditView, { kind: 'post' }> }) {
  return (
    <dl className="history-fields">
      {Object.entries(view)
        .filter(([key]) => key !== 'kind')
        .map(([key, value]) =>
          LONG.has(key) && typeof value === 'string' && value !== 'erased' ? (
            <ViewField key={key} path={key}>
              <p className="history-words" dir="auto">
                {value}
              </p>
            </ViewField>
          ) : (
            <ViewField key={key} path={key} value={value} />
          ),
        )}
    </dl>
  );
}
