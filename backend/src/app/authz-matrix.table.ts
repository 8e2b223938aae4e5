import { COMMUNITY_ROUTES } from './authz-matrix/communities';
import { IDENTITY_ROUTES } from './authz-matrix/identity';
import { LEARNING_ROUTES } from './authz-matrix/learning';
import { MESSAGING_ROUTES } from './authz-matrix/messaging';
import { MODERATION_ROUTES } from './authz-matrix/moderation';
import { PUSH_ROUTES } from './authz-matrix/push';
import type { RouteRule } from './authz-matrix/rule';
import { SOCIAL_ROUTES } from './authz-matrix/social';
import { SUPPORT_ROUTES } from './authz-matrix/support';

export type { Access, FixtureName, RouteRule } from './authz-matrix/rule';

/**
 * Joins the areas' rules into the one table. A route with a rule in two areas would leave only the
 * later one (no object literal holds both keys any more to make it a compile error), so it fails here.
 */
export function joinAreas(...areas: Record<string, RouteRule>[]): Record<string, RouteRule> {
  const table: Record<string, RouteRule> = {};
  for (const area of areas) {
    for (const [key, rule] of Object.entries(area)) {
      if (key in table) throw new Error(`authz matrix: ${key} has a rule in two areas`);
      table[key] = rule;
    }
  }
  return table;
}

/** Who may call each route: what each rule says is in ./authz-matrix/rule.ts. */
export const ROUTE_ACCESS: Record<string, RouteRule> = joinAreas(
  IDENTITY_ROUTES,
  SOCIAL_ROUTES,
  MESSAGING_ROUTES,
  LEARNING_ROUTES,
  SUPPORT_ROUTES,
  MODERATION_ROUTES,
  PUSH_ROUTES,
  COMMUNITY_ROUTES,
);
