import { Inject, Injectable } from '@nestjs/common';
import { ApiError, errorBody } from '@platform/http';
import type { ServerSecret } from '@platform/http/security/server-secret';
import { SERVER_SECRET } from '@platform/tokens';
import type { FastifyRequest } from 'fastify';

import { IdentityService, resolveSession } from '../../identity';
import { type CourseMediaAdmission, CourseMediaGate } from './course-media-gate';
import { checkMediaLink, readMediaLink } from './media-link';

const linkExpired = () =>
  new ApiError(403, errorBody(403, 'This media link has expired: reload the lesson', 'MEDIA_LINK_EXPIRED'), {
    'Cache-Control': 'no-store',
  });

/**
 * Who may fetch a lesson's media (an item courses show only in locked lessons): the member a link
 * was signed for (used without a session, or in that member's own), or else the signed-in member,
 * provided the courses' rule lets them in at this very request. A link alone is never enough: a
 * refund ends access to the links already handed out.
 */
@Injectable()
export class LessonMediaAccess {
  constructor(
    @Inject(SERVER_SECRET) private readonly secret: ServerSecret,
    private readonly gate: CourseMediaGate,
    private readonly identity: IdentityService,
  ) {}

  /**
   * The course's admission of this request, or null, which answers as an unknown id does. A link that
   * was ours but has expired is told apart (403 MEDIA_LINK_EXPIRED), so a player knows to renew it.
   */
  async admit(
    mediaId: string,
    courseIds: readonly string[],
    query: Record<string, unknown>,
    request: FastifyRequest,
  ): Promise<CourseMediaAdmission | null> {
    const link = readMediaLink(query);
    if (link === 'malformed') return null;
    if (link) {
      const check = checkMediaLink(this.secret, mediaId, link, Math.floor(Date.now() / 1000));
      if (!check.ok) {
        if (check.reason === 'expired') throw linkExpired();
        return null;
      }
      // A link is its member's: in another member's session it is someone else's link.
      const viewer = await resolveSession(this.identity, request);
      if (viewer && viewer.user.id !== check.memberId) return null;
      return this.gate.admit(check.memberId, courseIds, mediaId);
    }
    const viewer = await resolveSession(this.identity, request);
    return viewer ? this.gate.admit(viewer.user.id, courseIds, mediaId) : null;
  }
}
