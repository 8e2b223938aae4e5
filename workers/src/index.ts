export { buildProcessors, registerProcessors } from './processors';
export type { ProcessorDeps, ProcessorTable } from './processors';
export { mailSendProcessor } from './mail/mail-send.processor';
