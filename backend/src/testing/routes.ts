import { nestRoutes, routeMetadata } from '@platform/http/testing/nest-routes';

import type { Runtime } from '../runtime';

export interface Route {
  method: string;
  /** The path as registered, with its `:params`. */
  path: string;
}

/** A route the app serves, with what its Nest handler declares. */
export interface AppRoute extends Route {
  /** The controller and handler that answer it; none for a route put on Fastify directly (the ops routes). */
  controller?: string;
  handler?: string;
  /** A metadata key of the handler, else of its controller, as the app's guards read it (e.g. the rate budget). */
  metadata<T>(key: string): T | undefined;
}

/** `GET /api/posts/:id`, the key of a route in the tables that list them. */
export const routeKey = (r: Route) => `${r.method} ${r.path}`;

// One line of Fastify's printRoutes({ commonPrefix: false }): tree drawing, a path piece, its methods.
const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+) \(([A-Z, ]+)\)$/;

/**
 * Every route the running HTTP app answers (Nest's controllers, the ops routes, media), read from
 * Fastify's router at run time, so that a table of routes cannot silently miss one; each with the
 * metadata of the Nest handler that serves it. HEAD is left out: Fastify adds it to every GET by itself.
 */
export function appRoutes(runtime: Runtime): AppRoute[] {
  const fastify = runtime.http!.getHttpAdapter().getInstance();
  const declared = new Map(nestRoutes(runtime.http!).map((r) => [routeKey(r), r]));
  const printed = fastify.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: AppRoute[] = [];
  for (const line of printed.split('\n')) {
    if (!line.trim()) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`Unexpected line in Fastify's route tree: ${JSON.stringify(line)}`);
    const depth = m[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + m[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of m[3]!.split(', ')) {
      if (method === 'HEAD') continue;
      // The parse is checked against the router itself: a path misread here would not be found.
      if (!fastify.hasRoute({ method: method as 'GET', url: path }))
        throw new Error(`Read ${method} ${path} from Fastify's route tree, but the router does not have it`);
      const key = routeKey({ method, path });
      const nest = declared.get(key);
      declared.delete(key);
      routes.push({
        method,
        path,
        ...(nest && { controller: nest.controller, handler: nest.handler }),
        metadata: <T>(key: string) => (nest ? routeMetadata<T>(nest, key) : undefined),
      });
    }
  }
  // And the lookup against the controllers: a handler's path joined wrongly would lose its metadata.
  const unserved = [...declared.keys()].filter((key) => !key.startsWith('HEAD '));
  if (unserved.length) throw new Error(`Nest declares routes Fastify does not serve: ${unserved.join(', ')}`);
  return routes.sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}
