import { randomBytes } from 'node:crypto';

import { latestLink, type Member, newDetails, registerMember } from '@testing/members';
import { createPost } from '@testing/verified-member';
import request from 'supertest';

import type { Runtime } from '../../../backend/src/runtime';
import type { Lang } from './strings';

/**
 * What a journey stands on but is not about, made through the API as the app's own clients would:
 * members, their posts, a course to buy.
 */

/** A short unique tag for names, handles and titles. */
export const newTag = () => randomBytes(3).toString('hex');

/** The words (a name, a title, a message) a member of that language would write. */
export const inLang = (lang: Lang, en: string, ar: string) => (lang === 'ar' ? ar : en);

/** Sign-up details under a given name, the handle and address unique. */
export function detailsNamed(displayName: string) {
  return { ...newDetails(newTag() + newTag()), displayName };
}

/** A member with that name who followed the verification link in the outbox. */
export async function verifiedMember(runtime: Runtime, displayName: string): Promise<Member> {
  const member = await registerMember(runtime, detailsNamed(displayName));
  await followVerificationLink(runtime, member.email);
  return member;
}

/** The verification link of the newest mail to `email`, followed as from the member's mail app. */
export async function followVerificationLink(runtime: Runtime, email: string): Promise<void> {
  const link = await latestLink(runtime, email, 'verify-email');
  const res = await request(runtime.http!.getHttpServer()).get(link);
  if (res.headers.location !== '/?verified=success')
    throw new Error(`verification answered ${res.status} ${res.headers.location}`);
}

/** `count` posts by `author`, enough for a home feed taller than a phone's screen. */
export async function fillerPosts(author: Member, count: number): Promise<void> {
  for (let i = 1; i <= count; i += 1)
    await createPost(author, {
      content: `Reminder ${i}: the study circle meets after Maghrib in the main hall, bring a friend and a notebook.`,
    });
}
