/**
 * Sign-in prefs sync, loaded only for a signed-in reader (its own chunk). On the first sign-in the
 * device's Calm Filters and history merge into the account once (`POST /api/import`, then
 * `PUT /api/prefs` with the merged prefs); on later sign-ins the account's prefs are the truth and
 * the device mirrors them (an account with none takes the device's).
 */
import { fetchAccountPrefs, importDevice, putAccountPrefs, type Me } from '../../lib/account.ts';
import { parsePrefs, type Prefs } from '../../lib/prefs.ts';
import { readJson, removeKey } from '../../lib/storage.ts';
import { isEmptyAccountPrefs, mergePrefs, parseDeviceHistory, prefsForServer } from './merge.ts';

/** What the device should use after sign-in, and whether this was the first-time merge. */
export interface SyncResult {
  prefs: Prefs;
  imported: boolean;
}

/** Bring the device and the account together; null when Tidings could not be reached (retried next load). */
export async function syncOnSignIn(me: Me, device: Prefs, now: Date): Promise<SyncResult | null> {
  const raw = await fetchAccountPrefs();
  if (raw === undefined) return null;
  const account = isEmptyAccountPrefs(raw) ? null : parsePrefs(raw);
  if (me.needs_import) {
    const merged = mergePrefs(device, account, now);
    const body = prefsForServer(merged, now);
    // Import first: it claims the one-time merge; a retry after a failure is answered harmlessly.
    if (!(await importDevice({ history: parseDeviceHistory(readJson('history')), prefs: body }))) return null;
    if (!(await putAccountPrefs(body))) return null;
    // The history now lives in the account; the device keeps no second copy.
    removeKey('history');
    return { prefs: merged, imported: true };
  }
  if (!account) {
    await putAccountPrefs(prefsForServer(device, now));
    return { prefs: device, imported: false };
  }
  // The lane selection is a taste, not a boundary: an account without one keeps the device's.
  return { prefs: { ...account, lanes: account.lanes ?? device.lanes }, imported: false };
}
