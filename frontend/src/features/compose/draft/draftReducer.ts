import { COMPOSE_LIMITS } from '../limits';
import { type ComposeDraft, type ComposerMediaItem, TEXT_SIZES } from './draft';

export type DraftAction =
  | { type: 'textChanged'; text: string }
  | { type: 'textSizeCycled' }
  | { type: 'mediaAdded'; items: ComposerMediaItem[] }
  | { type: 'mediaRemoved'; id: string }
  | { type: 'captionChanged'; id: string; caption: string }
  | { type: 'pollToggled' }
  | { type: 'pollOptionChanged'; index: number; text: string }
  | { type: 'pollOptionAdded' }
  | { type: 'pollOptionRemoved'; index: number }
  | { type: 'quoteSet'; postId: string | null }
  | { type: 'communitySet'; communityId: string | null };

/** The composer's draft; pure, so each rule can be tested without rendering. */
export function draftReducer(draft: ComposeDraft, action: DraftAction): ComposeDraft {
  switch (action.type) {
    case 'textChanged':
      return { ...draft, text: action.text };
    case 'textSizeCycled':
      return { ...draft, textSize: TEXT_SIZES[(TEXT_SIZES.indexOf(draft.textSize) + 1) % TEXT_SIZES.length]! };
    case 'mediaAdded':
      return { ...draft, media: [...draft.media, ...action.items] };
    case 'mediaRemoved':
      return { ...draft, media: draft.media.filter((m) => m.id !== action.id) };
    case 'captionChanged':
      return { ...draft, media: draft.media.map((m) => (m.id === action.id ? { ...m, caption: action.caption } : m)) };
    case 'pollToggled':
      return { ...draft, poll: draft.poll ? null : Array.from({ length: COMPOSE_LIMITS.pollMinOptions }, () => '') };
    case 'pollOptionChanged':
      if (!draft.poll) return draft;
      return { ...draft, poll: draft.poll.map((o, i) => (i === action.index ? action.text : o)) };
    case 'pollOptionAdded':
      if (!draft.poll || draft.poll.length >= COMPOSE_LIMITS.pollMaxOptions) return draft;
      return { ...draft, poll: [...draft.poll, ''] };
    case 'pollOptionRemoved':
      if (!draft.poll || draft.poll.length <= COMPOSE_LIMITS.pollMinOptions) return draft;
      return { ...draft, poll: draft.poll.filter((_, i) => i !== action.index) };
    case 'quoteSet':
      return { ...draft, quotedPostId: action.postId };
    case 'communitySet':
      return { ...draft, communityId: action.communityId };
  }
}
