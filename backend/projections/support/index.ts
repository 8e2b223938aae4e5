export * from './docs';
export { LedgerRecount } from './recount';
export { supportProjector } from './support.projector';
export { verifyLedger } from './verify-ledger';
