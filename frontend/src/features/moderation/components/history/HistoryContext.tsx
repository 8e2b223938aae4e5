import { createContext, useContext } from 'react';

import type { AuditChange } from '../../types';

export interface HistoryContextValue {
  /** The stream shown, so that its own id is not offered as a link to itself. */
  streamId: string;
  /** What changed from the previous version to the one shown ([] for the first, or while unknown). */
  changes: readonly AuditChange[];
  /** When the member's personal data was shredded, for the fields that read "erased". */
  erasedAt: string | null;
  /** Opens another stream's history (the author, the quoted post, the conversation). */
  onStream: (streamId: string) => void;
}

export const HistoryContext = createContext<HistoryContextValue>({
  streamId: '',
  changes: [],
  erasedAt: null,
  onStream: () => undefined,
});

export const useHistoryContext = () => useContext(HistoryContext);
