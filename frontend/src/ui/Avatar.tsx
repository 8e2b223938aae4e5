import { UserIcon } from './icons';

/** Round avatar: the image, else the first letter of the name, else a generic icon. Decorative. */
export function Avatar({
  src,
  name,
  size = 32,
}: {
  src?: string | null | undefined;
  name?: string | undefined;
  size?: number;
}) {
  const style = { inlineSize: size, blockSize: size };
  if (src) return <img className="avatar" src={src} alt="" style={style} />;
  const initial = name?.trim().charAt(0).toUpperCase();
  return (
    <span className="avatar avatar--placeholder" style={style} aria-hidden="true">
      {initial || <UserIcon />}
    </span>
  );
}
