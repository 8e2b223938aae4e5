import { Injectable } from '@nestjs/common';

/** Produces one section of a member's data archive (e.g. posts, messages they sent). */
export type AccountExporter = (userId: string) => Promise<unknown>;

/**
 * "Download my data": each module that holds a member's data adds its section here (through the
 * identity module's public index), so the archive grows with the app without identity knowing
 * the other modules' read models.
 */
@Injectable()
export class AccountExportService {
  private readonly exporters = new Map<string, AccountExporter>();

  register(section: string, exporter: AccountExporter): void {
    if (this.exporters.has(section)) throw new Error(`Account export section "${section}" registered twice`);
    this.exporters.set(section, exporter);
  }

  async export(userId: string, base: Record<string, unknown>): Promise<Record<string, unknown>> {
    const archive: Record<string, unknown> = {
      format: 'deenconnect-account-export/1',
      exportedAt: new Date().toISOString(),
      ...base,
    };
    for (const [section, exporter] of this.exporters) archive[section] = await exporter(userId);
    return archive;
  }
}
