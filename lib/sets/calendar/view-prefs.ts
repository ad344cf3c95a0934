import { useSyncExternalStore } from "react";
import { readStored, subscribeStored, writeStored } from "@/lib/shell/browser-storage";
import { isPriceScale, type PriceScale } from "@/lib/sets/calendar/price-scale";

/**
 * The set calendar's view choices kept in this browser (localStorage), as the display
 * preferences are: the price colour scale and the width of the listing name column. A
 * convenience of one reader, not account data; every set calendar follows them.
 */

export const PRICE_SCALE_KEY = "rd-set-calendar-price-scale";
export const NAME_WIDTH_KEY = "rd-set-calendar-name-width";

export const NAME_WIDTH_DEFAULT = 260;
export const NAME_WIDTH_MIN = 160;
export const NAME_WIDTH_MAX = 480;
/** One arrow key press; Page Up and Page Down take four. */
export const NAME_WIDTH_STEP = 20;

export const clampNameWidth = (width: number) =>
  Math.round(Math.min(NAME_WIDTH_MAX, Math.max(NAME_WIDTH_MIN, width)));

/** A stored width read tolerantly: anything but a number falls back to the default. */
export function parseNameWidth(stored: string | null): number {
  const width = stored === null ? Number.NaN : Number(stored);
  return Number.isFinite(width) ? clampNameWidth(width) : NAME_WIDTH_DEFAULT;
}

export const parsePriceScale = (stored: string | null): PriceScale => (isPriceScale(stored) ? stored : "set");

export const usePriceScale = () =>
  useSyncExternalStore(
    subscribeStored,
    () => parsePriceScale(readStored(PRICE_SCALE_KEY)),
    () => "set" as const,
  );

export const setPriceScale = (scale: PriceScale) => writeStored(PRICE_SCALE_KEY, scale);

export const useNameWidth = () =>
  useSyncExternalStore(
    subscribeStored,
    () => parseNameWidth(readStored(NAME_WIDTH_KEY)),
    () => NAME_WIDTH_DEFAULT,
  );

export const setNameWidth = (width: number) => writeStored(NAME_WIDTH_KEY, String(clampNameWidth(width)));
