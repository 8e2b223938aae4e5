export { buildProcessors, registerProcessors } from './processors';
export type { ProcessorDeps, ProcessorTable } from './processors';
export { mailSendProcessor } from './mail/mail-send.processor';
export { mediaProcessProcessor } from './media/media-process.processor';
