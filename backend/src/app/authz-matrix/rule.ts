import type { RoleName } from '@testing/cast';

/**
 * Who may call each route, the table (../authz-matrix.table.ts, joined from one file per area here)
 * that authz-matrix.api.test.ts checks against every route the app serves (both ways: a route
 * missing here fails, and so does an entry for a route that is gone).
 *
 * `access` is the rule; the expected status of each of the six visitors is derived from it:
 * - public: everyone gets `ok`;
 * - signed-in: a guest 401, every member `ok`;
 * - owner: a guest 401, a member who does not own the resource `denied` (403, or 404 where the
 *   resource is not shown to them at all), the owner `ok`, staff `denied` unless `staff: 'ok'`;
 * - staff: a guest 401, members 403, moderators and admins `ok`;
 * - admin: a guest 401, everyone but an admin 403.
 * `except` names the cells whose status is decided by something else than authorisation (each
 * with its reason in `why`): the documented validation or state answer of a visitor who passed it.
 *
 * `params` maps a path parameter to a fixture (testing/owned-resources.ts), or to a literal
 * written `=value`; `fresh` asks for a new one of that fixture for each visitor who is expected to succeed,
 * for routes that use it up (delete, hide...). `body` is a minimal valid body, so what is checked
 * is authorisation, not validation.
 */
export type Access = 'public' | 'signed-in' | 'owner' | 'staff' | 'admin';

export type FixtureName =
  | 'ownerId'
  | 'ownerUsername'
  | 'peerId'
  | 'subjectId'
  | 'strangerId'
  | 'post'
  | 'pollPost'
  | 'comment'
  | 'conversation'
  | 'message'
  | 'course'
  | 'draftCourse'
  | 'paidCourse'
  | 'lesson'
  | 'learningCourse'
  | 'learningLesson'
  | 'otherPaidCourse'
  | 'order'
  | 'applicant'
  | 'reportedPost'
  | 'spareAuditor'
  | 'hiddenPost'
  | 'appealedPost'
  | 'suspendedSubject'
  | 'draft'
  | 'upload'
  | 'notification'
  | 'donation'
  | 'orphan'
  | 'auditor'
  | 'ownerStream'
  | 'mediaFile'
  | 'community'
  | 'communityPost'
  | 'communityPostToRemove'
  | 'unknown';

export interface RouteRule {
  access: Access;
  ok: number;
  denied?: 403 | 404;
  staff?: 'ok';
  except?: Partial<Record<RoleName, number>>;
  why?: string;
  params?: Record<string, FixtureName | `=${string}`>;
  fresh?: FixtureName;
  body?: Record<string, unknown> | Buffer | ((f: Record<FixtureName, string>) => Record<string, unknown>);
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /**
   * Ends the session it is called with (signs out, or deletes the account): sent from a second
   * session of the visitor, after every other route, the account's deletion last of all.
   */
  endsSession?: 'signs-out' | 'deletes-account';
}
