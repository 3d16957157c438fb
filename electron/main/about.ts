/** Help → About: what a person reporting a problem needs to say, and the way to the log files. */
import type { ShiliuAppInfo } from '../shared/bridge';

export interface AboutDialog {
  message: string;
  detail: string;
  buttons: string[];
  /** Index of the button that opens the log folder. */
  openLogsButton: number;
  copyButton: number;
}

export function aboutDialog(info: ShiliuAppInfo, platform: string): AboutDialog {
  const lines = [
    `版本 Version: ${info.version} (${platform})`,
    `模式 Mode: ${info.mode === 'embedded' ? '本机离线演示 Offline demo on this computer' : '校园服务器 Campus server'}`,
    `服务器 Server: ${info.baseUrl || '（未连接 not connected）'}`,
    `数据文件夹 Data folder: ${info.dataDir}`,
    `日志文件夹 Log folder: ${info.logDir}`,
  ];
  if (info.demoAccounts) {
    lines.push('', `演示成员 Demo member: ${info.demoAccounts.member.user} / ${info.demoAccounts.member.password}`);
    lines.push(`演示管理员 Demo administrator: ${info.demoAccounts.admin.user} / ${info.demoAccounts.admin.password}`);
  }
  if (info.settingsProblem) lines.push('', `设置文件无效 Settings file invalid: ${info.settingsProblem}`);
  return {
    message: `石榴 Shiliu ${info.version}`,
    detail: lines.join('\n'),
    buttons: ['确定 OK', '打开日志文件夹 Open Log Folder', '复制 Copy'],
    openLogsButton: 1,
    copyButton: 2,
  };
}
