import { Avatar, type MantineSize } from '@mantine/core';
import type { Picture } from '@kinfolio/contract';
import { useQuery } from '@tanstack/react-query';
import { usersQuery } from '@/shared/session/queries';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}

interface UserAvatarProps {
  name: string;
  /** The user's picture when the caller has it; null for none. */
  picture?: Picture | null;
  /** Looks the picture up among the members (GET /api/users) when `picture` is not given. */
  userId?: number | null;
  size?: MantineSize | number;
  className?: string;
}

/**
 * A person's profile picture, or their initials when there is none (or it fails to load). The
 * picture is decorative: the name is always written next to it, so it has no alternative text.
 */
export function UserAvatar({ name, picture, userId, size = 'sm', className }: UserAvatarProps) {
  const members = useQuery({ ...usersQuery, enabled: picture === undefined && userId != null });
  const found =
    picture !== undefined ? picture : members.data?.find((u) => u.id === userId)?.picture;
  const px = typeof size === 'number' ? size : 38;
  const src = found ? (px > 64 ? found.medium : found.small) : null;
  return (
    <Avatar
      src={src}
      alt=""
      size={size}
      radius={9999}
      color="initials"
      name={name}
      className={className}
      aria-hidden
    >
      {initials(name)}
    </Avatar>
  );
}
