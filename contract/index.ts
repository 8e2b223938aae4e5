/**
 * The typed contract between the server and the web app: the REST views and the socket events the
 * server sends and accepts. Types only (no runtime code); the server is the source of truth.
 */
export type * from './audit-history';
export type * from './certificates';
export type * from './comments';
export type * from './communities';
export type * from './course-editor';
export type * from './errors';
export type * from './learning';
export type * from './media';
export type * from './messaging';
export type * from './moderation';
export type * from './notifications';
export type * from './people';
export type * from './posts';
export type * from './profiles';
export type * from './push';
export type * from './search';
export type * from './socket';
export type * from './support';
export type * from './users';
