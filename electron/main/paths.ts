/**
 * Where things live. The app folder (`app.getAppPath()`: the project root in
 * development, `resources/app.asar` when packaged) holds the build outputs;
 * the user-data folder holds settings, the embedded server's data and logs.
 */
import path from 'node:path';
import { SETTINGS_FILE_NAME } from './settings';

export interface AppPaths {
  rendererDir: string;
  serverEntry: string;
  preload: string;
  settingsFile: string;
  serverDataDir: string;
  serverSecretFile: string;
  /** The offline demo administrator's per-installation password. */
  demoAdminPasswordFile: string;
  windowStateFile: string;
  logDir: string;
  userDataDir: string;
  /** The app icon (also the Windows taskbar badge's base). */
  iconFile: string;
}

export function resolveAppPaths(appPath: string, userDataPath: string): AppPaths {
  return {
    rendererDir: path.join(appPath, 'dist', 'renderer'),
    serverEntry: path.join(appPath, 'dist', 'server', 'main.js'),
    preload: path.join(appPath, 'dist', 'electron', 'preload', 'index.cjs'),
    settingsFile: path.join(userDataPath, SETTINGS_FILE_NAME),
    serverDataDir: path.join(userDataPath, 'server-data'),
    // Outside server-data so a user who wipes their data keeps their sessions' key (and vice versa).
    serverSecretFile: path.join(userDataPath, 'server-secret'),
    // Outside server-data too: resetting the demo data keeps the password the user may have noted.
    demoAdminPasswordFile: path.join(userDataPath, 'demo-admin-password'),
    windowStateFile: path.join(userDataPath, 'window-state.json'),
    logDir: path.join(userDataPath, 'logs'),
    userDataDir: userDataPath,
    iconFile: path.join(appPath, 'resources', 'icon.png'),
  };
}
