import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';

/**
 * Sealed personal data as moderators may read it: opened, never with the password hash; once the
 * member's key is shredded (account deleted), `{ unreadable: true }` in its place, never an error.
 */
export async function openSealed(
  vault: PersonalDataVault,
  ownerId: string | null,
  data: unknown,
): Promise<Record<string, unknown>> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { value: data ?? null };
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  if (typeof out.sealed !== 'string') return out;
  const sealed = out.sealed;
  delete out.sealed;
  const owner = ownerId ?? (typeof out.userId === 'string' ? out.userId : null);
  let opened: Record<string, unknown> | null = null;
  try {
    opened = owner ? await vault.open<Record<string, unknown>>(owner, sealed) : null;
  } catch {
    opened = null;
  }
  if (!opened) return { ...out, personal: { unreadable: true } };
  const { passwordHash: _, ...personal } = opened;
  return { ...out, personal };
}
