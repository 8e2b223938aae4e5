import { useMemo } from 'react';

import { api } from '@/app/api';

import type { ConversationsPage, ConversationView, MemberHit, MessagesPage, MessageType, MessageView } from './types';

export interface SendMessageArgs {
  conversationId: string;
  content: string;
  messageType: MessageType;
  replyToId: string | null;
  file?: File;
  /** A file sent before through the media uploader (a private chunked upload). */
  mediaId?: string;
}

const byId = (id: string) => encodeURIComponent(id);

/** The list tag: every conversation's unread count, preview and order. */
const LIST = { type: 'Conversation', id: 'LIST' } as const;
/** Messages per page (the server allows up to 100). */
export const MESSAGES_PAGE_SIZE = 50;

/** Spec part 2 §7 Messaging. */
export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Most recently active first, 50 a page; the next page starts after `nextCursor`. */
    getConversations: build.infiniteQuery<ConversationsPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => ({ url: '/api/conversations', params: { cursor: pageParam ?? undefined } }),
      providesTags: [LIST],
    }),
    getConversation: build.query<ConversationView, string>({
      query: (id) => `/api/conversations/${byId(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Conversation', id }],
      extraOptions: { maxRetries: 0 },
    }),
    /**
     * Pages from the newest back (each oldest to newest within); the next page holds the messages
     * before the first one shown (`nextCursor` as `before`).
     */
    getMessages: build.infiniteQuery<MessagesPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => (lastPage.hasMore && lastPage.nextCursor ? lastPage.nextCursor : undefined),
      },
      query: ({ queryArg: id, pageParam }) => ({
        url: `/api/conversations/${byId(id)}/messages`,
        params: { limit: MESSAGES_PAGE_SIZE, before: pageParam ?? undefined },
      }),
      providesTags: (_r, _e, id) => [{ type: 'Message', id }],
    }),
    startConversation: build.mutation<ConversationView, string>({
      query: (userId) => ({ url: '/api/conversations', method: 'POST', body: { userId } }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    markConversationRead: build.mutation<{ readUpTo: string | null }, string>({
      query: (id) => ({ url: `/api/conversations/${byId(id)}/mark-read`, method: 'POST' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [LIST, { type: 'Conversation', id }]),
    }),
    /**
     * JSON for text and for a file the media uploader sent (by its `mediaId`); form data with the file
     * (field `media`) for a voice note.
     */
    sendMessage: build.mutation<MessageView, SendMessageArgs>({
      query: ({ conversationId, content, messageType, replyToId, file, mediaId }) => {
        if (!file) {
          const body = { conversationId, content, messageType, replyToId, ...(mediaId ? { mediaId } : {}) };
          return { url: '/api/messages', method: 'POST', body };
        }
        const form = new FormData();
        form.append('conversationId', conversationId);
        form.append('content', content);
        form.append('messageType', messageType);
        if (replyToId) form.append('replyToId', replyToId);
        form.append('media', file, file.name);
        return { url: '/api/messages', method: 'POST', body: form };
      },
      async onQueryStarted({ conversationId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            messagesApi.util.updateQueryData('getMessages', conversationId, (draft) => {
              const newest = draft.pages[0];
              if (newest && !draft.pages.some((page) => page.messages.some((m) => m.id === data.id)))
                newest.messages.push(data);
            }),
          );
          dispatch(api.util.invalidateTags([LIST]));
        } catch {
          /* the chat keeps the message as failed, with Retry */
        }
      },
    }),
    starMessage: build.mutation<MessageView, { message: MessageView; starred: boolean }>({
      query: ({ message, starred }) => ({
        url: `/api/messages/${byId(message.id)}/star`,
        method: 'POST',
        body: { starred },
      }),
      async onQueryStarted({ message, starred }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          messagesApi.util.updateQueryData('getMessages', message.conversationId, (draft) => {
            for (const page of draft.pages) {
              const found = page.messages.find((m) => m.id === message.id);
              if (found) found.isStarred = starred;
            }
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    setMuted: build.mutation<ConversationView, { id: string; muted: boolean }>({
      query: ({ id, muted }) => ({ url: `/api/conversations/${byId(id)}/mute`, method: 'POST', body: { muted } }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [LIST, { type: 'Conversation', id }]),
    }),
    setArchived: build.mutation<ConversationView, { id: string; archived: boolean }>({
      query: ({ id, archived }) => ({
        url: `/api/conversations/${byId(id)}/archive`,
        method: 'POST',
        body: { archived },
      }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [LIST, { type: 'Conversation', id }]),
    }),
    searchMembers: build.query<MemberHit[], string>({
      query: (q) => ({ url: '/api/users/search', params: { q } }),
      transformResponse: (body: { users?: MemberHit[] }) => body?.users ?? [],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useGetConversationsInfiniteQuery,
  useGetConversationQuery,
  useGetMessagesInfiniteQuery,
  useStartConversationMutation,
  useMarkConversationReadMutation,
  useSendMessageMutation,
  useStarMessageMutation,
  useSetMutedMutation,
  useSetArchivedMutation,
  useSearchMembersQuery,
} = messagesApi;

export { LIST as CONVERSATION_LIST_TAG };

/** Every listed conversation once (one can move across a page edge between two fetches). */
export function useConversations() {
  const query = useGetConversationsInfiniteQuery();
  const pages = query.data?.pages;
  const conversations = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? [])
      .flatMap((page) => page.conversations)
      .filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  }, [pages]);
  return { ...query, conversations };
}
