export type { ExecuteOptions } from './command-executor';
export { CommandExecutor } from './command-executor';
export * from './decider';
export * from './handle-command';
export type { StreamDecision } from './multi-stream';
export { appendDecisions, decideAll } from './multi-stream';
