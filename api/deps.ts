/** What the API needs from the outside world, injected into `createApp` (tests pass their own). */
import type { Services } from '../core/platform/runtime.ts';

/** Dependencies of the HTTP app: the process's services. */
export type AppDeps = Services;

/** Hono environment type shared by every sub-app. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** Set when the answer is already in its final content coding (api/answers.ts): not compressed again. */
    precoded?: boolean;
  };
}
