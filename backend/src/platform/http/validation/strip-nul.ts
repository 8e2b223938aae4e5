import type { FastifyRequest } from 'fastify';

/**
 * Removes U+0000 from every string and key of a parsed JSON body: PostgreSQL rejects it in text and
 * jsonb, so one stray NUL would otherwise turn a valid request into a 500 deep in a store. Walks
 * with its own stack, since a 1 MB body can nest far deeper than the call stack allows.
 */
export function stripNul<T>(value: T): T {
  if (typeof value === 'string') return clean(value) as T;
  if (!isContainer(value)) return value;
  const pending: (unknown[] | Record<string, unknown>)[] = [value];
  while (pending.length) {
    const node = pending.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = visit(node[i], pending);
      continue;
    }
    for (const key of Object.keys(node)) {
      const child = visit(node[key], pending);
      const cleanKey = clean(key);
      if (cleanKey !== key) delete node[key];
      node[cleanKey] = child;
    }
  }
  return value;
}

/** preValidation hook: bodies are parsed by then, handlers and pipes have not seen them yet. */
export async function stripNulFromBody(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined && request.body !== null) request.body = stripNul(request.body);
}

function visit(child: unknown, pending: (unknown[] | Record<string, unknown>)[]): unknown {
  if (typeof child === 'string') return clean(child);
  if (isContainer(child)) pending.push(child);
  return child;
}

function clean(s: string): string {
  return s.includes('\u0000') ? s.replaceAll('\u0000', '') : s;
}

/** Plain JSON objects and arrays only: Buffers and multipart parts are not JSON and are left alone. */
function isContainer(value: unknown): value is unknown[] | Record<string, unknown> {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
