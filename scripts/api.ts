/** `npm run api`: the Hono API server alone (production process; creates no collections or indexes). */
import { runApiServer } from '../api/server.ts';

await runApiServer();
