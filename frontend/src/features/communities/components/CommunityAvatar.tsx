import { Avatar } from '@/ui/Avatar';

/** A community's round image, or its first letter. Decorative: the name is always written beside it. */
export function CommunityAvatar({ url, name, size }: { url: string | null; name: string; size: number }) {
  return (
    <span className="community-avatar">
      <Avatar src={url} name={name} size={size} />
    </span>
  );
}
