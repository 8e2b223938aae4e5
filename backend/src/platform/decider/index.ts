export * from './decider';
export * from './handle-command';
export { appendDecisions, decideAll } from './multi-stream';
export type { StreamDecision } from './multi-stream';
export { CommandExecutor } from './command-executor';
export type { ExecuteOptions } from './command-executor';
