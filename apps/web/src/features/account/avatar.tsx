import { useState } from 'react';

export const DEFAULT_AVATAR = '/img/avatar-default.svg';

/**
 * A member's avatar; the default avatar when there is none or it fails to load (spec §2, §8).
 * A new address is tried afresh, so a new avatar replaces one that had failed.
 */
export function Avatar({ src, size = 32 }: { src: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : DEFAULT_AVATAR;
  return (
    <img
      className="avatar-img"
      src={shown}
      alt=""
      width={size}
      height={size}
      onError={() => {
        if (shown !== DEFAULT_AVATAR) setFailed(shown);
      }}
    />
  );
}
