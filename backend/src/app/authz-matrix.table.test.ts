import { joinAreas, ROUTE_ACCESS } from './authz-matrix.table';
import { COMMUNITY_ROUTES } from './authz-matrix/communities';
import { IDENTITY_ROUTES } from './authz-matrix/identity';
import { LEARNING_ROUTES } from './authz-matrix/learning';
import { MESSAGING_ROUTES } from './authz-matrix/messaging';
import { MODERATION_ROUTES } from './authz-matrix/moderation';
import { PUSH_ROUTES } from './authz-matrix/push';
import { SOCIAL_ROUTES } from './authz-matrix/social';
import { SUPPORT_ROUTES } from './authz-matrix/support';

describe('the authorisation table, joined from one file per area', () => {
  it('holds every rule of every area, each route once', () => {
    const areas = [
      IDENTITY_ROUTES,
      SOCIAL_ROUTES,
      MESSAGING_ROUTES,
      LEARNING_ROUTES,
      SUPPORT_ROUTES,
      MODERATION_ROUTES,
      PUSH_ROUTES,
      COMMUNITY_ROUTES,
    ];
    expect(Object.keys(ROUTE_ACCESS)).toHaveLength(areas.reduce((n, a) => n + Object.keys(a).length, 0));
    for (const area of areas) for (const [key, rule] of Object.entries(area)) expect(ROUTE_ACCESS[key]).toBe(rule);
  });

  it('refuses a route with a rule in two areas rather than keep the later one', () => {
    const rule = { access: 'public', ok: 200 } as const;
    expect(() => joinAreas({ 'GET /api/a': rule }, { 'GET /api/a': { ...rule, ok: 404 } })).toThrow(
      'authz matrix: GET /api/a has a rule in two areas',
    );
  });
});
