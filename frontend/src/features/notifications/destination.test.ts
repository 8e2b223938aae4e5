import { destinationOf } from './destination';
import type { AppNotification } from './types';

const base: AppNotification = {
  id: 'n1',
  type: 'like',
  category: 'social',
  content: '',
  isRead: false,
  createdAt: '2026-03-18T09:00:00.000Z',
  targetId: 'p1',
  targetType: 'post',
  actor: { id: 'u2', name: 'Bilal', username: 'bilal', profileImage: null },
};
const n = (over: Partial<AppNotification>): AppNotification => ({ ...base, ...over });

describe('destinationOf (spec part 2 §2)', () => {
  it.each(['like', 'comment', 'mention', 'repost', 'quote'])('%s opens the post', (type) => {
    expect(destinationOf(n({ type, targetId: 'p 1' }))).toBe('/post/p%201');
    expect(destinationOf(n({ type, targetId: null }))).toBeNull();
  });

  it('follow opens the follower’s profile', () => {
    expect(destinationOf(n({ type: 'follow', targetType: 'user', targetId: 'u2' }))).toBe('/profile/bilal');
    expect(destinationOf(n({ type: 'follow', actor: null }))).toBeNull();
  });

  it.each(['message', 'voice_message', 'reply'])('%s opens messages, or the conversation when known', (type) => {
    expect(destinationOf(n({ type, targetId: null, targetType: null }))).toBe('/messages');
    expect(destinationOf(n({ type, targetId: 'c1', targetType: 'conversation' }))).toBe('/messages?conversation=c1');
  });

  it.each(['course_purchase', 'course_review', 'instructor_reply'])('%s opens the course', (type) => {
    expect(destinationOf(n({ type, targetId: 'k1', targetType: 'course' }))).toBe('/course/k1');
    expect(destinationOf(n({ type, targetId: null }))).toBe('/learning');
  });

  it('a refund opens the orders', () => {
    expect(destinationOf(n({ type: 'order_refunded', targetType: 'order', targetId: 'o2' }))).toBe('/orders');
  });

  it.each(['course_approved', 'course_rejected', 'course_sale'])('%s opens learning', (type) => {
    expect(destinationOf(n({ type }))).toBe('/learning');
  });

  it.each(['orphan_funded', 'donation_made', 'goal_reached'])('%s opens support', (type) => {
    expect(destinationOf(n({ type }))).toBe('/support');
  });

  it.each(['admin_announcement', 'app_update', 'verification_success'])('%s goes nowhere', (type) => {
    expect(destinationOf(n({ type, targetId: null, targetType: null }))).toBeNull();
  });

  it.each(['community_post', 'community_announcement'])('%s opens the post', (type) => {
    expect(destinationOf(n({ type, targetId: 'p 1' }))).toBe('/post/p%201');
    expect(destinationOf(n({ type, targetId: null }))).toBeNull();
  });

  it("a community join request opens the community's request queue", () => {
    const request = n({ type: 'community_join_request', targetType: 'community', targetId: 'tajweed circle' });
    expect(destinationOf(request)).toBe('/communities/tajweed%20circle/requests');
    expect(destinationOf({ ...request, targetId: null })).toBeNull();
  });

  it('an approved join request opens the community', () => {
    const approved = n({ type: 'community_join_approved', targetType: 'community', targetId: 'tajweed' });
    expect(destinationOf(approved)).toBe('/communities/tajweed');
    expect(destinationOf({ ...approved, targetId: null })).toBe('/communities');
  });

  it('an unknown type follows a post target, else goes nowhere', () => {
    expect(destinationOf(n({ type: 'brand_new', targetType: 'post', targetId: 'p9' }))).toBe('/post/p9');
    expect(destinationOf(n({ type: 'brand_new', targetType: 'user', targetId: 'u9' }))).toBeNull();
  });
});
