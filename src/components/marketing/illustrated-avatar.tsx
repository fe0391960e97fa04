import { getImageProps } from "next/image";
import { isOptimisable } from "@/components/blog/post-cover";
import { avatarArt } from "@/lib/avatar";
import { cn } from "@/lib/cn";

/**
 * A person's picture: their photo when one is set, else the illustrated avatar drawn from their name
 * (src/lib/avatar.ts) as inline SVG, no request and no script. Decorative: the name is always beside it.
 */
export function PersonPicture({ name, photoUrl, size, className }: { name: string; photoUrl?: string | null; size: number; className?: string }) {
  if (photoUrl) {
    const { props } = getImageProps({ src: photoUrl, alt: "", width: size, height: size, sizes: `${size}px`, unoptimized: !isOptimisable(photoUrl) });
    return (
      // eslint-disable-next-line @next/next/no-img-element -- next/image's attributes without its client JavaScript
      <img {...props} alt="" loading="lazy" data-testid="person-photo" className={cn("shrink-0 rounded-full bg-brand-100 object-cover", className)} />
    );
  }
  const art = avatarArt(name);
  return (
    <svg
      aria-hidden="true"
      data-testid="person-avatar"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={cn("shrink-0 overflow-hidden rounded-full", className)}
    >
      <rect width="64" height="64" fill={art.background} />
      {art.shapes.map((shape, index) => {
        switch (shape.kind) {
          case "circle":
            return <circle key={index} cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} />;
          case "square":
            return (
              <rect
                key={index}
                x={shape.x}
                y={shape.y}
                width={shape.size}
                height={shape.size}
                rx={4}
                fill={shape.fill}
                transform={`rotate(${shape.rotate} ${shape.x + shape.size / 2} ${shape.y + shape.size / 2})`}
              />
            );
          case "ring":
            return <circle key={index} cx={shape.cx} cy={shape.cy} r={shape.r} fill="none" stroke={shape.stroke} strokeWidth={shape.width} />;
        }
      })}
    </svg>
  );
}
