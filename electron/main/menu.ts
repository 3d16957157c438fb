/** Application menu. Built from a plain template so it can be checked without Electron. */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openMember: () => void;
  openAdmin: () => void;
  openSettings: () => void;
  openLogFolder: () => void;
  showAbout: () => void;
}

export interface MenuOptions {
  isMac: boolean;
  /** Unpackaged (development) builds get developer tools. */
  isDev: boolean;
}

export const ADMIN_MENU_ID = 'open-admin';
export const SETTINGS_MENU_ID = 'open-settings';
export const ABOUT_MENU_ID = 'about';

export function buildMenuTemplate(actions: MenuActions, options: MenuOptions): MenuItemConstructorOptions[] {
  const settings: MenuItemConstructorOptions = { id: SETTINGS_MENU_ID, label: '设置… Settings…', accelerator: 'CmdOrCtrl+,', click: () => actions.openSettings() };
  const appItems: MenuItemConstructorOptions[] = [
    { label: '打开主窗口 Open Shiliu', accelerator: 'CmdOrCtrl+Shift+M', click: () => actions.openMember() },
    { id: ADMIN_MENU_ID, label: '管理后台 Admin Console', accelerator: 'CmdOrCtrl+Shift+A', click: () => actions.openAdmin() },
    { type: 'separator' },
    settings,
    // On macOS, Quit lives in the app menu.
    ...(options.isMac ? [] : ([{ type: 'separator' }, { role: 'quit', label: '退出 Quit' }] as MenuItemConstructorOptions[])),
  ];
  const viewItems: MenuItemConstructorOptions[] = [
    // Reload is the way back from a page in a bad state, in every build.
    { role: 'reload', label: '重新载入 Reload' },
    ...(options.isDev ? ([{ role: 'forceReload' }, { role: 'toggleDevTools' }] as MenuItemConstructorOptions[]) : []),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const helpItems: MenuItemConstructorOptions[] = [
    { label: '打开日志文件夹 Open Log Folder', click: () => actions.openLogFolder() },
    { type: 'separator' },
    { id: ABOUT_MENU_ID, label: '关于石榴 About Shiliu', click: () => actions.showAbout() },
  ];
  return [
    ...(options.isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { label: '石榴 Shiliu', submenu: appItems },
    { role: 'editMenu' },
    { label: '视图 View', submenu: viewItems },
    { role: 'windowMenu' },
    { role: 'help', label: '帮助 Help', submenu: helpItems },
  ];
}
