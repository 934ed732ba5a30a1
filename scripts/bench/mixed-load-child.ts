/** Child process of the bench's soak section: runs the mixed load and prints its result as JSON. */
import { readFileSync } from 'node:fs';
import { runMixedLoad } from './mixed-load.ts';

const [base, idsFile, clients, durationMs] = process.argv.slice(2);
if (!base || !idsFile) {
  process.stderr.write('usage: mixed-load-child.ts <base> <ids.json> <clients> <durationMs>\n');
  process.exit(2);
}
const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as string[];
const result = await runMixedLoad(base, ids, Number(clients), Number(durationMs));
process.stdout.write(JSON.stringify(result));
