/**
 * The daily digest setting (`GET`/`PUT /api/digest`): a switch and the hour, in the reader's own
 * time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`). Each change saves at once and a
 * polite status line says so; a refused save puts the controls back.
 */
import { useEffect, useState } from 'preact/hooks';
import { fetchDigest, saveDigest, type DigestPref } from '../../lib/account.ts';
import { hourLabel } from './merge.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** This device's IANA time zone (UTC when the browser cannot tell). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The digest fieldset. */
export function DigestSettings() {
  const [pref, setPref] = useState<DigestPref | null>(null);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState('');
  const zone = deviceTimeZone();
  useEffect(() => void fetchDigest().then((p) => (p ? setPref(p) : setFailed(true))), []);

  if (failed) return <p class="quiet">The digest setting could not be loaded. Please try again later.</p>;
  if (!pref) return <p class="quiet">Loading the digest setting…</p>;

  const save = async (next: { enabled: boolean; hour: number }) => {
    const before = pref;
    setPref({ ...next, time_zone: zone });
    setStatus('Saving…');
    const saved = await saveDigest({ ...next, time_zone: zone });
    if (!saved) {
      setPref(before);
      return setStatus('That could not be saved just now. Please try again.');
    }
    setPref(saved);
    setStatus(saved.enabled ? `Saved. The digest comes every day at ${hourLabel(saved.hour)} (${saved.time_zone}).` : 'Saved. No digest e-mails will be sent.');
  };

  return (
    <fieldset class="digest">
      <legend>Daily digest</legend>
      <label class="check">
        <input id="digest-enabled" type="checkbox" checked={pref.enabled} onChange={(e) => void save({ enabled: e.currentTarget.checked, hour: pref.hour })} />
        Send me the day’s brief by e-mail
      </label>
      <div class="row">
        <label for="digest-hour">At</label>
        <select id="digest-hour" value={String(pref.hour)} aria-describedby="digest-zone" onChange={(e) => void save({ enabled: pref.enabled, hour: Number(e.currentTarget.value) })}>
          {HOURS.map((h) => (
            <option key={h} value={String(h)}>
              {hourLabel(h)}
            </option>
          ))}
        </select>
      </div>
      <p id="digest-zone" class="quiet">
        Your time zone: {zone}.{pref.time_zone !== zone && pref.enabled ? ` The digest is set for ${pref.time_zone}; saving here moves it to ${zone}.` : ''}
      </p>
      <p role="status" aria-live="polite" class="quiet">
        {status}
      </p>
    </fieldset>
  );
}
