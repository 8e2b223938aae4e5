/** Notification types by tab (spec part 2 §3); donations have no tab of their own. */
export const CATEGORY_OF: Record<string, 'social' | 'messages' | 'courses' | 'donations' | 'system'> = {
  like: 'social',
  comment: 'social',
  mention: 'social',
  repost: 'social',
  quote: 'social',
  follow: 'social',
  community_post: 'social',
  community_announcement: 'social',
  community_join_request: 'social',
  community_join_approved: 'social',
  message: 'messages',
  voice_message: 'messages',
  reply: 'messages',
  course_purchase: 'courses',
  course_review: 'courses',
  instructor_reply: 'courses',
  course_approved: 'courses',
  course_rejected: 'courses',
  course_sale: 'courses',
  order_refunded: 'courses',
  orphan_funded: 'donations',
  donation_made: 'donations',
  goal_reached: 'donations',
  donations_opened: 'donations',
  admin_announcement: 'system',
  app_update: 'system',
  verification_success: 'system',
};

export const TABS = ['social', 'messages', 'courses', 'system'] as const;
export type Tab = (typeof TABS)[number];
