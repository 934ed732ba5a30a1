/**
 * Ctrl-C on `npm start`, the way a terminal sends it: SIGINT to the whole process group (npm, the
 * shell it runs the script with, our Node process and whatever that started), at several moments
 * (during the first round of jobs, the instant the ready line appears, a little after it). Every
 * time npm exits with status 0 within 5 s and no process of the group is left. The four files
 * ctrl-c-1 … ctrl-c-4 run the 20 moments of test/foundation/ctrl-c.ts, five each;
 * ctrl-c-embedded.test.ts covers the embedded default's server child.
 */
import { ctrlCTestFile } from './ctrl-c.ts';

ctrlCTestFile(0);
