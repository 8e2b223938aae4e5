export { processors, registerProcessors } from './processors';
export type { ProcessorTable } from './processors';
