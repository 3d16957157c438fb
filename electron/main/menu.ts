/** Application menu. Built from a plain template so it can be checked without Electron. */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openMember: () => void;
  openAdmin: () => void;
}

export interface MenuOptions {
  isMac: boolean;
  /** Unpackaged (development) builds get reload and developer tools. */
  isDev: boolean;
}

export const ADMIN_MENU_ID = 'open-admin';

export function buildMenuTemplate(actions: MenuActions, options: MenuOptions): MenuItemConstructorOptions[] {
  const appItems: MenuItemConstructorOptions[] = [
    { label: '打开主窗口 Open Shiliu', accelerator: 'CmdOrCtrl+Shift+M', click: () => actions.openMember() },
    { id: ADMIN_MENU_ID, label: '管理后台 Admin Console', accelerator: 'CmdOrCtrl+Shift+A', click: () => actions.openAdmin() },
    // On macOS, Quit lives in the app menu.
    ...(options.isMac ? [] : ([{ type: 'separator' }, { role: 'quit', label: '退出 Quit' }] as MenuItemConstructorOptions[])),
  ];
  const viewItems: MenuItemConstructorOptions[] = [
    ...(options.isDev
      ? ([{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as MenuItemConstructorOptions[])
      : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(options.isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { label: '石榴 Shiliu', submenu: appItems },
    { role: 'editMenu' },
    { label: '视图 View', submenu: viewItems },
    { role: 'windowMenu' },
  ];
}
