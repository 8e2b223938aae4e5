import type {
  AiAnswerView,
  AiAskResponse,
  QaFeedResponse,
  SearchResult,
  SuggestedMemberView,
  UserSearchResult,
} from '@contract';

export const QUESTION = 'What does the Quran say about patience?';

export const ASK_RESPONSE: AiAskResponse = {
  answer: 'The Quran asks believers to seek help through patience and prayer (2:153), and promises ease (94:6).',
  citations: [
    {
      surah: 2,
      ayah: 153,
      surahName: 'Al-Baqarah',
      arabic: 'يَا أَيُّهَا الَّذِينَ آمَنُوا اسْتَعِينُوا بِالصَّبْرِ وَالصَّلَاةِ',
      translation: 'O you who have believed, seek help through patience and prayer.',
    },
    {
      surah: 94,
      ayah: 6,
      surahName: 'Ash-Sharh',
      arabic: 'إِنَّ مَعَ الْعُسْرِ يُسْرًا',
      translation: 'Indeed, with hardship will be ease.',
    },
    {
      surah: 3,
      ayah: 200,
      surahName: 'Ali Imran',
      arabic: 'يَا أَيُّهَا الَّذِينَ آمَنُوا اصْبِرُوا وَصَابِرُوا',
      translation: 'O you who have believed, persevere and endure.',
    },
  ],
  disclaimer: 'This is a retrieval of verses, not a fatwa. Ask a qualified scholar about your situation.',
  source: 'offline',
  removedReferences: [],
};

/** A long answer: more than 200 characters, so lists cut it. */
export const LONG_ANSWER = `${'Patience is half of faith. '.repeat(9)}The end of the answer cites 2:153.`;

export function qaItem(over: Partial<AiAnswerView> & { id: string }): AiAnswerView {
  return {
    question: QUESTION,
    answer: ASK_RESPONSE.answer,
    likes: 0,
    commentsCount: 0,
    isAnonymous: false,
    user: { name: 'Amina', username: 'amina', profileImage: null },
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    isLiked: false,
    isOwn: false,
    ...over,
  };
}

export const qaPage = (items: AiAnswerView[], nextCursor: string | null = null): QaFeedResponse => ({
  items,
  nextCursor,
});

export const LONG_POST = `${'Sabr is beautiful, and the reward is with Allah. '.repeat(5)}TAIL-NOT-SHOWN`;

export const RESULTS: SearchResult[] = [
  {
    type: 'user',
    id: 'u2',
    name: 'Bilal Patience',
    username: 'bilal',
    bio: 'Student of knowledge',
    avatar: null,
    isFollowing: false,
    isFollowingBack: true,
  },
  {
    type: 'post',
    id: 'p1',
    content: LONG_POST,
    likes: 3,
    commentsCount: 2,
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    user: { name: 'Khadija', username: 'khadija', profileImage: null },
  },
  { type: 'ai_answer', ...qaItem({ id: 'a1', isAnonymous: true, user: null, likes: 1, commentsCount: 4 }) },
];

export function person(over: Partial<UserSearchResult> & { id: string; username: string }): UserSearchResult {
  return {
    type: 'user',
    name: over.username,
    bio: null,
    avatar: null,
    isFollowing: false,
    isFollowingBack: false,
    ...over,
  };
}

export function suggested(over: Partial<SuggestedMemberView> & { id: string; username: string }): SuggestedMemberView {
  return {
    displayName: over.username,
    avatarUrl: null,
    bio: null,
    verified: false,
    followers: 3,
    isFollowing: false,
    isFollowingBack: false,
    reason: { kind: 'popular', followers: 3 },
    ...over,
  };
}
