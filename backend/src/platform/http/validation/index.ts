export { parseBody } from './parse-body';
export { ZodBody, ZodBodyPipe } from './zod-body';
export { ValidationError, NOT_AN_OBJECT } from './validation-error';
export { stripNul } from './strip-nul';
