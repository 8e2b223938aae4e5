import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IndexTemplate, isLoopbackUrl, type LinkPreview, previewBase, withPreview } from '@platform/http/link-preview';
import type { Logger } from '@platform/logging';
import { withTimeout } from '@platform/sleep';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { CoursePreviews } from '../../modules/learning';
import { ProfilePreviews } from '../../modules/profiles';
import { PostPreviews } from '../../modules/social';

/** A crawler waits a few seconds at most; past this the page goes out without the item's tags. */
export const PREVIEW_TIMEOUT_MS = 2000;

/** The screens a shared link opens whose text is the same for everyone. */
const PAGES: Record<string, LinkPreview> = {
  '/support': {
    path: '/support',
    title: 'Support orphans — DeenConnect',
    description:
      'Orphan support in Kenya: registered orphans, what each has raised, audited donations and how giving works.',
    type: 'website',
    image: null,
  },
  '/search': {
    path: '/search',
    title: 'Search — DeenConnect',
    description: 'Search posts, members, hashtags and courses, or ask the AI scholar a question.',
    type: 'website',
    image: null,
  },
  '/learning': {
    path: '/learning',
    title: 'Courses — DeenConnect',
    description: 'Islamic courses by teachers of the community, with lessons to preview for free.',
    type: 'website',
    image: null,
  },
};

type Source = (param: string) => Promise<LinkPreview | null>;

/**
 * Shared links (issue 37): GET /post/:id, /course/:id, /profile/:username and the pages above
 * answer the web app with the item's Open Graph and Twitter tags, read as a signed-out visitor
 * (whatever cookie the request carries) through each module's preview query. Anything a visitor
 * may not see, an unknown item, a slow or failing read, gets the plain index.html as every other
 * address does (the build's precompressed file): nothing about the item. Absolute URLs come from
 * PUBLIC_URL only, never from the request's Host or X-Forwarded-Host.
 */
export function installLinkPreviews(
  app: NestFastifyApplication,
  deps: { dist: string; publicUrl: string; production: boolean; logger: Logger },
): void {
  if (deps.production && isLoopbackUrl(deps.publicUrl))
    deps.logger.warn(
      { component: 'http', publicUrl: deps.publicUrl },
      'PUBLIC_URL is not set: shared links preview with addresses on this machine only',
    );
  const fastify = app.getHttpAdapter().getInstance();
  const template = new IndexTemplate(deps.dist);
  const base = previewBase(deps.publicUrl);
  const posts = app.get(PostPreviews, { strict: false });
  const courses = app.get(CoursePreviews, { strict: false });
  const profiles = app.get(ProfilePreviews, { strict: false });

  const plain = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', deps.dist);

  async function answer(request: FastifyRequest, reply: FastifyReply, find: () => Promise<LinkPreview | null>) {
    let preview: LinkPreview | null = null;
    try {
      preview = await withTimeout(find(), PREVIEW_TIMEOUT_MS);
    } catch (err) {
      deps.logger.warn({ err, reqId: request.id, url: request.url }, 'link preview failed: plain page sent');
    }
    const html = preview && template.get() ? withPreview(template.get()!, preview, base) : null;
    if (!html) return plain(reply);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  const item = (path: string, source: Source) =>
    fastify.get<{ Params: { param: string } }>(path, (request, reply) =>
      answer(request, reply, () => source(request.params.param)),
    );
  item('/post/:param', (id) => posts.of(id));
  item('/course/:param', (id) => courses.of(id));
  item('/profile/:param', (username) => profiles.of(username));
  for (const [path, page] of Object.entries(PAGES))
    fastify.get(path, (request, reply) => answer(request, reply, () => Promise.resolve(page)));
}
