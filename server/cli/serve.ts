/**
 * The server's entry module (bundled to dist/server/main.js): `npm run serve`, `npm run demo`, the browser
 * tests and the desktop app's utility process all run this file. It starts the server unconditionally: there is
 * deliberately no "am I the entry module?" check, which broke on Windows paths and symlinks.
 */
import { runServerProcess } from '../main'

void runServerProcess()
