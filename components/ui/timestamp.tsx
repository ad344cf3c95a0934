import { timeLabel, type UtcOptions } from "@/lib/format/times";

/**
 * A moment as a `<time>` element, by the one rule in lib/format/times: absolute UTC, or relative
 * ("5 min ago") when `now` is given and the moment is recent, with the absolute UTC moment on
 * hover either way.
 */
export function Timestamp({
  at,
  now,
  relativeWithinMs,
  className,
  ...options
}: UtcOptions & { at: string; now?: number; relativeWithinMs?: number; className?: string }) {
  const label = timeLabel(at, { now, relativeWithinMs, ...options });
  return (
    <time dateTime={label.dateTime} title={label.title} className={className}>
      {label.text}
    </time>
  );
}
