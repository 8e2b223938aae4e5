export { parseBody } from './parse-body';
export { stripNul } from './strip-nul';
export { NOT_AN_OBJECT, ValidationError } from './validation-error';
export { ZodBody, ZodBodyPipe } from './zod-body';
