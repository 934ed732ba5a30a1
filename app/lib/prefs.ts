/**
 * Calm Filters in the browser. The rules are the server's own, from core/domain (bundled by
 * esbuild): the blob's shape and parsing, its `prefs` query value, pause expiry, and the boundary
 * filter that hides cards of the pre-built brief before the server answers (`passingCards` runs
 * the server's `withinBoundaries`). This module adds only the browser's part: the device's copy in
 * localStorage.
 */
import { parseDevicePrefs, withoutExpired, type DevicePrefs } from '../../core/domain/device-prefs.ts';
import { readJson, writeJson } from './storage.ts';

export {
  addTo,
  EMPTY_DEVICE_PREFS as EMPTY_PREFS,
  hasBoundaries,
  nextExpiry,
  parseDevicePrefs as parsePrefs,
  passingCards,
  prefsParam,
  withoutExpired,
  type DevicePause as Pause,
  type DevicePrefs as Prefs,
} from '../../core/domain/device-prefs.ts';

/** The storage key (localStorage `tidings.prefs`, which other tabs watch). */
export const PREFS_KEY = 'prefs';

/** The device's prefs as stored, expired pauses dropped. */
export function loadPrefs(now: Date): DevicePrefs {
  return withoutExpired(parseDevicePrefs(readJson(PREFS_KEY)), now);
}

/** Keep the device's prefs. */
export function storePrefs(prefs: DevicePrefs): void {
  writeJson(PREFS_KEY, prefs);
}
