export { PgSqlClient } from './pg.sql-client';
export { PGliteSqlClient } from './pglite.sql-client';
export * from './sql-client';
