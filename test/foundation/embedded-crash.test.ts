/**
 * The embedded default through a crash and a damaged snapshot (issue 17): a write saved by the
 * interval survives kill -9 (a crash loses at most the last interval) and the dead owner's address
 * file is taken over; a damaged collection file stops the start with one line naming the file and
 * the line, and is left exactly as it was.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { snapshotDir } from '../../core/store/snapshot.ts';
import { makeSource } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';
import { embeddedPlace } from './embedded.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Each test starts from saved data holding one paused source: no demo load, a quick first round.
const crashPlace = embeddedPlace();
const damagedPlace = embeddedPlace();
test.after(() => {
  crashPlace.cleanUp();
  damagedPlace.cleanUp();
});
const pausedSource = () => ({ sources: [makeSource({ _id: 'still-here', name: 'Still Here', status: 'paused', active: false })] });

test('a crash loses at most the last save interval: a write saved by the interval survives kill -9', async () => {
  const { dataDir, start, stop, crash, attach, prepare } = crashPlace;
  await prepare(pausedSource());
  const crashing = await start({ TIDINGS_EMBEDDED_SAVE_SECONDS: '1' });
  const attached = await attach();
  try {
    await attached.db.collection('feedback').insertOne({ _id: 'before-crash' as never, category: null, contact_email: null, message: 'Saved before the crash.', read_at: null, created_at: new Date() });
  } finally {
    await attached.close();
  }
  const file = path.join(snapshotDir(dataDir), 'feedback.ejson');
  await until(() => {
    try {
      return readFileSync(file, 'utf8').includes('before-crash');
    } catch {
      return false;
    }
  }, 15_000, 'the interval save of the feedback collection');
  await crash(crashing);

  const after = await start();
  try {
    assert.match(after.output(), /taken over/, 'the dead owner\'s address file is taken over');
    const c = await attach();
    try {
      assert.is((await c.db.collection('feedback').findOne({ _id: 'before-crash' as never }))?.message, 'Saved before the crash.');
      assert.is((await c.db.collection('sources').findOne({ _id: 'still-here' as never }))?.name, 'Still Here', 'and the prepared source');
    } finally {
      await c.close();
    }
  } finally {
    await stop(after);
  }
});

test('a damaged snapshot stops the start with one line naming the file and line, and is left as it was', async () => {
  const { dataDir, env, prepare } = damagedPlace;
  await prepare(pausedSource());
  const file = path.join(snapshotDir(dataDir), 'sources.ejson');
  const original = readFileSync(file, 'utf8');
  const lines = original.split('\n');
  const damaged = [...lines.slice(0, 2), '{"_id": "broken", "name": ', ...lines.slice(2)].join('\n');
  writeFileSync(file, damaged);
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    assert.is(code, 1);
    const printed = out.trim().split('\n');
    assert.is(printed.length, 1, out);
    assert.match(printed[0] ?? '', /^Tidings cannot start: the saved embedded database in .* cannot be read: sources\.ejson line 3: not Extended JSON/);
    assert.is(readFileSync(file, 'utf8'), damaged, 'the damaged file is untouched');
    assert.not.ok((await readdir(dataDir)).includes('embedded.json'), 'no address is left behind');
  } finally {
    writeFileSync(file, original);
  }
});

test.run();
