/** Moderators and admins: who sees the moderation area and reviews teacher applications. */
export const isStaff = (role: string | undefined): boolean => role === 'moderator' || role === 'admin';
