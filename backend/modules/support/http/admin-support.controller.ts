import { CurrentSession, requestMeta, type SignedIn } from '@modules/identity';
import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { DisbursementsService } from '../disbursements.service';
import { DonationSettingsService } from '../donation-settings.service';
import { SupportQueries } from '../queries/support.queries';
import { RegistryService } from '../registry.service';
import type { Auditor, DonationsStatus, LedgerEntry, OrphanDetail } from '../views';
import { AdminGuard } from './admin';
import {
  auditorPatchSchema,
  auditorSchema,
  disbursementSchema,
  orphanPatchSchema,
  orphanSchema,
  pausedSchema,
} from './support.schemas';

/** Admins: the paused flag, the orphan registry, the auditors list and disbursements. */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminSupportController {
  constructor(
    private readonly settings: DonationSettingsService,
    private readonly registry: RegistryService,
    private readonly disbursements: DisbursementsService,
    private readonly queries: SupportQueries,
  ) {}

  @Put('donations')
  setPaused(
    @CurrentSession() session: SignedIn,
    @ZodBody(pausedSchema) body: z.output<typeof pausedSchema>,
    @Req() r: FastifyRequest,
  ): Promise<DonationsStatus> {
    const admin = session.user.id;
    return this.settings.setPaused(admin, body.paused, requestMeta(r, admin));
  }

  @Get('orphans')
  orphans(): Promise<OrphanDetail[]> {
    return this.queries.orphanDetails();
  }

  @Post('orphans')
  async registerOrphan(
    @CurrentSession() session: SignedIn,
    @ZodBody(orphanSchema) body: z.output<typeof orphanSchema>,
    @Req() r: FastifyRequest,
  ): Promise<OrphanDetail> {
    const admin = session.user.id;
    const id = await this.registry.registerOrphan(admin, body, requestMeta(r, admin));
    return this.queries.orphan(id);
  }

  @Patch('orphans/:id')
  async editOrphan(
    @CurrentSession() session: SignedIn,
    @Param('id') id: string,
    @ZodBody(orphanPatchSchema) body: z.output<typeof orphanPatchSchema>,
    @Req() r: FastifyRequest,
  ): Promise<OrphanDetail> {
    const admin = session.user.id;
    await this.registry.editOrphan(admin, id, body, requestMeta(r, admin));
    return this.queries.orphan(id);
  }

  @Post('auditors')
  async addAuditor(
    @CurrentSession() session: SignedIn,
    @ZodBody(auditorSchema) body: z.output<typeof auditorSchema>,
    @Req() r: FastifyRequest,
  ): Promise<Auditor> {
    const admin = session.user.id;
    const id = await this.registry.addAuditor(admin, body, requestMeta(r, admin));
    return this.queries.auditor(id);
  }

  @Patch('auditors/:id')
  async editAuditor(
    @CurrentSession() session: SignedIn,
    @Param('id') id: string,
    @ZodBody(auditorPatchSchema) body: z.output<typeof auditorPatchSchema>,
    @Req() r: FastifyRequest,
  ): Promise<Auditor> {
    const admin = session.user.id;
    await this.registry.editAuditor(admin, id, body, requestMeta(r, admin));
    return this.queries.auditor(id);
  }

  @Delete('auditors/:id')
  @HttpCode(204)
  async removeAuditor(@CurrentSession() session: SignedIn, @Param('id') id: string, @Req() r: FastifyRequest) {
    const admin = session.user.id;
    await this.registry.removeAuditor(admin, id, requestMeta(r, admin));
  }

  @Post('disbursements')
  async disburse(
    @CurrentSession() session: SignedIn,
    @ZodBody(disbursementSchema) body: z.output<typeof disbursementSchema>,
    @Req() r: FastifyRequest,
  ): Promise<LedgerEntry> {
    const admin = session.user.id;
    const id = await this.disbursements.record(admin, body, requestMeta(r, admin));
    return this.queries.entry(id);
  }
}
