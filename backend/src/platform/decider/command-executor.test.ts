import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { AUDIT_COLLECTION, AuditEntry } from '../../../projections';
import { Runtime, startRuntime } from '../../runtime';
import { loadConfig } from '../config';
import { createLogger } from '../logging';
import { PlatformModule } from '../platform.module';
import { withRunMediaTools } from '../testing/services';
import { CommandExecutor } from './command-executor';
import { Decider, DomainError } from './decider';

type NoteEvent = { type: 'NoteWritten'; data: { text: string } };
const note: Decider<{ written: boolean }, { text: string }, NoteEvent> = {
  initialState: () => ({ written: false }),
  evolve: () => ({ written: true }),
  decide: (s, c) => {
    if (s.written) throw new DomainError('NOTE_EXISTS', 'This note is already written', 409);
    return [{ type: 'NoteWritten', data: { text: c.text } }];
  },
};

interface WriteNote {
  id: string;
  text: string;
  actor: string;
}

/** A service as the modules write them: it calls the executor directly (no command bus). */
@Injectable()
class NotesService {
  constructor(private readonly commands: CommandExecutor) {}
  async write(c: WriteNote) {
    const r = await this.commands.execute(
      `note-${c.id}`,
      note,
      { text: c.text },
      { actor: c.actor },
      { waitFor: ['audit'] },
    );
    return r.checkpoint;
  }
}

describe('CommandExecutor in a Nest service, with the embedded runtime', () => {
  let runtime: Runtime;
  let dataDir: string;
  let notes: NotesService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dc-cmd-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const logger = createLogger('silent');
    runtime = await startRuntime(withRunMediaTools(config), logger, 'all');
    @Module({
      imports: [
        PlatformModule.register({
          config,
          logger,
          platform: runtime.platform,
          readModels: runtime.readModels,
          progress: runtime.progress,
          vault: runtime.vault,
          secret: runtime.secret,
          rateLimiter: runtime.rateLimiter,
        }),
      ],
      providers: [NotesService],
    })
    class TestModule {}
    const app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    notes = app.get(NotesService);
    close = () => app.close();
  });
  afterAll(async () => {
    await close();
    await runtime.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers once the named read model shows the write, with the audit metadata', async () => {
    for (let i = 0; i < 5; i++) {
      await notes.write({ id: String(i), text: `note ${i}`, actor: 'user-7' });
      // No waiting here: read-your-writes means the very next read sees it.
      const history = await runtime.readModels
        .collection<AuditEntry>(AUDIT_COLLECTION)
        .find({ where: { streamId: `note-${i}` }, sort: { field: 'checkpoint', direction: 'asc' } });
      expect(history.items).toEqual([
        expect.objectContaining({ type: 'NoteWritten', actor: 'user-7', streamVersion: 0 }),
      ]);
    }
  });

  it('rejects what the decider refuses and appends nothing', async () => {
    await expect(notes.write({ id: '0', text: 'again', actor: 'user-7' })).rejects.toMatchObject({
      code: 'NOTE_EXISTS',
    });
    expect(await runtime.platform.eventStore.readStream('note-0')).toHaveLength(1);
  });
});
