import { Controller, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { certificateCodeParam } from '../certificate-code';
import { CertificatesService } from '../certificates.service';
import { courseIdParam } from '../commerce-facts';
import { CertificatesQueries } from '../queries/certificates.queries';

/**
 * Certificates of completion (issue 40): anyone with a certificate's link verifies it, a guest
 * included; a member lists their own; a student who completed a course asks for its certificate.
 */
@Controller()
export class CertificatesController {
  constructor(
    private readonly certificates: CertificatesQueries,
    private readonly issuing: CertificatesService,
  ) {}

  @Get('api/certificates/:id')
  verify(@Param('id') id: string) {
    return this.certificates.byId(certificateCodeParam(id));
  }

  @Get('api/me/certificates')
  @UseGuards(SignedInGuard)
  mine(@CurrentSession() { user }: SignedIn) {
    return this.certificates.mine(user.id);
  }

  /** 201 when issued now, 200 with the certificate that already stands. */
  @Post('api/courses/:id/certificate')
  @UseGuards(SignedInGuard)
  async claim(
    @Param('id') id: string,
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { certificate, created } = await this.issuing.claim(user.id, courseIdParam(id), requestMeta(r, user.id));
    reply.status(created ? 201 : 200);
    return certificate;
  }
}
