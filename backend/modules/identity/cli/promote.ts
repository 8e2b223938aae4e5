/**
 * npm run user:promote -- <username> <member|vendor|moderator|admin>
 * Operators change a member's role; the change is a RoleChanged event like any other.
 */
import { userInfo } from 'node:os';

import { ConfigError, loadConfig } from '../../../src/platform/config';
import { handleCommand } from '../../../src/platform/decider/handle-command';
import { createLogger } from '../../../src/platform/logging';
import { openPlatform } from '../../../src/platform/platform';
import { usernameStream } from '../domain/reservations';
import { userDecider } from '../domain/user.decider';
import { readReservation } from '../domain/user-stream';
import { type Role, ROLES, userStream } from '../events';

async function main() {
  const [username, role] = process.argv.slice(2);
  if (!username || !ROLES.includes(role as Role)) {
    console.error(`Usage: npm run user:promote -- <username> <${ROLES.join('|')}>`);
    process.exit(2);
  }
  const platform = await openPlatform(loadConfig(), createLogger('warn'));
  try {
    const { holder } = await readReservation(platform.eventStore, usernameStream(username));
    if (!holder) {
      console.error(`No member with username "${username}"`);
      process.exitCode = 1;
      return;
    }
    const result = await handleCommand(
      platform.eventStore,
      userStream(holder),
      userDecider,
      { type: 'ChangeRole', role: role as Role },
      {
        actor: `operator:${userInfo().username}`,
        requestId: null,
      },
    );
    console.log(result.events.length ? `${username} is now ${role}.` : `${username} already was ${role}.`);
  } finally {
    await platform.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});
