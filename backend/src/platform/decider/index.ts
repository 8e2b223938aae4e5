export * from './decider';
export * from './handle-command';
export { CommandExecutor } from './command-executor';
export type { ExecuteOptions } from './command-executor';
