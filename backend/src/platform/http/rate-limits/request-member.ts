import type { FastifyRequest } from 'fastify';

/**
 * Who is signed in on a request, provided by identity under REQUEST_MEMBER: the rate limits count a
 * member's requests wherever they come from. The guard looks it up at run time, since platform sits
 * below identity and may not import it.
 */
export interface RequestMember {
  /** The signed-in member's id, or null for a guest. */
  memberId(request: FastifyRequest): Promise<string | null>;
}
