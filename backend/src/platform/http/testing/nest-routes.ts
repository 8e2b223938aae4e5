import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, Reflector } from '@nestjs/core';

export interface NestRoute {
  method: string;
  /** The full path as Fastify sees it, with `:params`. */
  path: string;
  controller: string;
  handler: string;
  /** The metadata of the handler, then of its controller (for Reflector lookups). */
  targets: [(...args: unknown[]) => unknown, abstract new (...args: never[]) => unknown];
}

const paths = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value ?? '')]);

const join = (...parts: string[]) =>
  `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;

/** Every route the app's controllers declare (what Nest registers on Fastify), in a stable order. */
export function nestRoutes(app: INestApplication): NestRoute[] {
  const routes: NestRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (abstract new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = paths(Reflect.getMetadata(PATH_METADATA, controller));
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        for (const prefix of base)
          for (const sub of paths(Reflect.getMetadata(PATH_METADATA, handler)))
            routes.push({
              method: RequestMethod[method],
              path: join(prefix, sub),
              controller: controller.name,
              handler: name,
              targets: [handler as (...args: unknown[]) => unknown, controller],
            });
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The metadata `key` of a route, its handler's first, else its controller's (Reflector.getAllAndOverride). */
export function routeMetadata<T>(route: NestRoute, key: string): T | undefined {
  return new Reflector().getAllAndOverride<T | undefined>(key, route.targets);
}
