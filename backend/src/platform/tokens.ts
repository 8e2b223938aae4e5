/** Injection tokens for the platform ports; modules depend on these, never on an adapter. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const LOGGER = Symbol('LOGGER');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_STORE = Symbol('READ_STORE');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const READ_MODELS = Symbol('READ_MODELS');
export const PROJECTION_PROGRESS = Symbol('PROJECTION_PROGRESS');
export const PERSONAL_DATA_VAULT = Symbol('PERSONAL_DATA_VAULT');
/** The server's signing secret (ServerSecret, platform/http/security/server-secret.ts). */
export const SERVER_SECRET = Symbol('SERVER_SECRET');
export const RATE_LIMITER = Symbol('RATE_LIMITER');
/** The projections console (ProjectionsConsole, platform/read-models/projections-console.port.ts), or null. */
export const PROJECTIONS_CONSOLE = Symbol('PROJECTIONS_CONSOLE');
/** Who is signed in on a request (RequestMember, platform/http/rate-limits/request-member.ts), provided by identity. */
export const REQUEST_MEMBER = Symbol('REQUEST_MEMBER');
