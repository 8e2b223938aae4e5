/** The deepest JSON body any route takes: a course, the most nested payload, has 6 levels. */
export const JSON_MAX_DEPTH = 32;

export interface JsonShapeLimits {
  maxDepth: number;
  /** Entries of one array, or members of one object. */
  maxItems: number;
}

export interface JsonShapeProblem {
  code: 'BODY_TOO_DEEP' | 'BODY_TOO_MANY_ITEMS';
  message: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * One pass over a JSON body's bytes, before anything parses it: the first container nested deeper
 * than maxDepth, or the first with more than maxItems entries, stops the scan there. Parsing first
 * would walk the whole body (a megabyte of `[` blocks the event loop for a third of a second) and
 * hand every later step (NUL stripping, the schema) a tree as big as the attacker likes.
 *
 * Works on UTF-8 bytes: every byte of a multi-byte character is >= 0x80, so none of them can be
 * taken for a quote, bracket or comma. Brackets inside strings do not count; a backslash skips the
 * byte it escapes. Malformed JSON is not this function's business: it answers null for anything it
 * cannot fault, and the parser refuses the rest.
 */
export function checkJsonShape(bytes: Uint8Array, limits: JsonShapeLimits): JsonShapeProblem | null {
  const { maxDepth, maxItems } = limits;
  // Commas seen in the open container at each depth: entries = commas + 1.
  const commas = new Uint32Array(maxDepth + 1);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
      continue;
    }
    if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (depth === maxDepth) return tooDeep(maxDepth);
      commas[++depth] = 0;
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (b === COMMA && depth > 0 && ++commas[depth]! >= maxItems) return tooManyItems(maxItems);
  }
  return null;
}

const tooDeep = (maxDepth: number): JsonShapeProblem => ({
  code: 'BODY_TOO_DEEP',
  message: `Request body is nested too deeply (at most ${maxDepth} levels)`,
});

const tooManyItems = (maxItems: number): JsonShapeProblem => ({
  code: 'BODY_TOO_MANY_ITEMS',
  message: `Request body has a list or object with more than ${maxItems} entries`,
});
