export * from './sql-client';
export { PgSqlClient } from './pg.sql-client';
export { PGliteSqlClient } from './pglite.sql-client';
